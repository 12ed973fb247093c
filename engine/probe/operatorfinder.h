// SPDX-License-Identifier: MIT
#pragma once

#include <QList>
#include <QString>

// An operator an issue asks about, with the words that say so.
struct OperatorMention
{
    enum class Source
    {
        MissingStrategy, // "Operator aten.X.Y does not have a sharding strategy registered"
        Title,           // named in the title
        AtenName,        // an aten.X / aten::X name in the body
        TorchCall,       // torch.X(…), torch.Tensor.X, x.X(…) on a DTensor is not told apart
        FunctionalCall,  // F.X(…) / torch.nn.functional.X(…)
    };
    QString op; // "aten.cumsum.default"
    Source source = Source::AtenName;
    QString evidence; // the line it was found on, trimmed
    int score = 0;    // higher: more certainly the op asked about

    static QString sourceName(Source source);
};

// Finds the ATen op(s) an issue asks DTensor support for: error messages first, then aten names, then the
// title's and the code's torch./F. calls. Constructors, utilities and torch.distributed names are not ops.
namespace OperatorFinder {
// Best first, one entry per op (the strongest evidence kept).
QList<OperatorMention> find(const QString &title, const QString &body);
// True for a torch.X name that builds tensors or configures torch rather than computing (torch.randn, …).
bool isUtility(const QString &name);
} // namespace OperatorFinder
