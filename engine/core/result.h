// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

#include <optional>
#include <utility>

// What kind of failure an Error is, so a caller can tell "try again" from "you stopped it" from "no".
enum class ErrorKind
{
    Failed,    // could not be done (the default): a bad file, a broken store, a program that is missing
    Transient, // retrying could fix it: a network fault or timeout, an HTTP 5xx, a rate limit
    Cancelled, // someone stopped it
    Refused,   // it was not allowed: an HTTP 4xx, a guardrail, the sandbox, a missing consent
};

// An error as a value: what went wrong, in words a user can act on, and its kind.
struct Error
{
    QString message;
    ErrorKind kind = ErrorKind::Failed;

    static Error failed(QString message) { return {std::move(message), ErrorKind::Failed}; }
    static Error transient(QString message) { return {std::move(message), ErrorKind::Transient}; }
    static Error cancelled(QString message) { return {std::move(message), ErrorKind::Cancelled}; }
    static Error refused(QString message) { return {std::move(message), ErrorKind::Refused}; }
};

// Either a value or an Error; std::expected is C++23, this is the part of it we need.
//
// Every async job ends with one `finished(const Result<T> &)`. A job that stops part-way (cancelled, or a
// later step failed) may hand the work it did so far beside the error: `Result<T>(error, partial)`; the
// caller reads it through partial(), which is also the value of a success.
template<typename T>
class Result
{
public:
    Result(T value)
        : m_value(std::move(value))
        , m_ok(true)
    {}
    Result(Error error)
        : m_error(std::move(error))
    {}
    Result(Error error, T partial)
        : m_value(std::move(partial))
        , m_error(std::move(error))
    {}

    bool ok() const { return m_ok; }
    explicit operator bool() const { return ok(); }
    const T &value() const & { return *m_value; }
    T &value() & { return *m_value; }
    T &&value() && { return std::move(*m_value); }
    const T *operator->() const { return &*m_value; }
    const T &operator*() const { return *m_value; }
    const QString &error() const { return m_error.message; }
    // The whole error, its kind too, to pass on: `return result.failure();`.
    const Error &failure() const { return m_error; }
    ErrorKind errorKind() const { return m_error.kind; }
    bool cancelled() const { return !m_ok && m_error.kind == ErrorKind::Cancelled; }
    // The value, or the work done before an error; nullptr when there is neither.
    const T *partial() const { return m_value ? &*m_value : nullptr; }

private:
    std::optional<T> m_value;
    Error m_error;
    bool m_ok = false;
};

// A job that ends with no value of its own ends with a Result<Done>.
struct Done
{
    friend bool operator==(Done, Done) = default;
};
