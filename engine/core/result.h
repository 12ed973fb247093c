// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

#include <optional>
#include <utility>

// An error as a value: what went wrong, in words a user can act on.
struct Error
{
    QString message;
};

// Either a value or an Error; std::expected is C++23, this is the part of it we need.
template<typename T>
class Result
{
public:
    Result(T value)
        : m_value(std::move(value))
    {}
    Result(Error error)
        : m_error(std::move(error))
    {}

    bool ok() const { return m_value.has_value(); }
    explicit operator bool() const { return ok(); }
    const T &value() const & { return *m_value; }
    T &value() & { return *m_value; }
    T &&value() && { return std::move(*m_value); }
    const T *operator->() const { return &*m_value; }
    const T &operator*() const { return *m_value; }
    const QString &error() const { return m_error.message; }

private:
    std::optional<T> m_value;
    Error m_error;
};
