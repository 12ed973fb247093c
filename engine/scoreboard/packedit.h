// SPDX-License-Identifier: MIT
#pragma once

#include "engine/review/decidedissue.h"
#include "engine/triage/rubricpack.h"

#include <QList>
#include <QString>
#include <QStringList>

// A pack change proposed from repeated overrides, for a person to try in the what-if and save, or not.
// Signal: reviewers kept adding `label` where the engine never suggested it; its module gains the shared words.
// Confusion: reviewers kept removing `label`; a confusion drops it when the shared words are there.
struct PackEdit
{
    enum class Kind
    {
        Signal,
        Confusion
    };
    struct Word
    {
        SignalKind kind = SignalKind::Keyword;
        QString text;
        int inOverridden = 0; // overridden issues that contain it
        int elsewhere = 0;    // issues that contain it where the label was right (or rightly absent)
    };

    Kind kind = Kind::Signal;
    QString label;    // the module label
    QString moduleId; // its module in the pack
    QList<Word> words;
    QList<IssueRef> issues; // the overridden issues
    QStringList firedRules; // the rules that fired on them (for the label, or instead of it)
    QString id;             // the confusion's (and its signal set's) id; empty for a signal edit

    QString describe() const; // one line for a person
};
