// SPDX-License-Identifier: MIT
#pragma once

#include <QMetaType>
#include <QString>

// The part of an error that identifies a bug: the exception class and a distinctive piece of its message,
// e.g. `RuntimeError` + `expected scalar type Float`. Matching on both is how the scrub playbook decides
// "same error as reported".
struct ErrorSignature
{
    QString exceptionClass; // as written, possibly dotted (`torch._dynamo.exc.Unsupported`)
    QString message;        // a distinctive substring of the message, not necessarily all of it

    bool isEmpty() const { return exceptionClass.isEmpty(); }
    // `ExcClass: substring`; the form `--expect` takes and reports show.
    QString toString() const;
    static ErrorSignature parse(const QString &text);

    // The last exception raised in a traceback-bearing text (stderr, a traceback block), message in full.
    static ErrorSignature lastRaised(const QString &text);
    // A shorter, stable part of a message: the first line cut before volatile tokens (addresses, paths, shapes).
    static QString distinctivePart(const QString &message);

    // True when `text` shows an exception of this class (last dotted component compared) whose message,
    // read over the raising line and a few after it, contains `message` (whitespace-normalised).
    bool foundIn(const QString &text) const;

    friend bool operator==(const ErrorSignature &, const ErrorSignature &) = default;
};

Q_DECLARE_METATYPE(ErrorSignature)
