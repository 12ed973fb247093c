// SPDX-License-Identifier: MIT
#include "tests/benchmarks/keywordbaseline.h"

KeywordBaseline::KeywordBaseline(const RubricPack &pack)
{
    for (const ModuleRule &module : pack.modules) {
        if (module.group < 0 || module.group >= pack.groups.size())
            continue;
        QStringList needles;
        for (const Signal &signal : pack.groups.at(module.group).signalList) {
            if (signal.weight > 0 && !signal.text.isEmpty())
                needles.append(signal.text.toLower());
        }
        m_needles.append({module.label, needles});
    }
}

QStringList KeywordBaseline::labels(const Issue &issue) const
{
    QString text = issue.title + u'\n' + issue.body;
    for (const Comment &comment : issue.comments)
        text += u'\n' + comment.body;
    text = text.toLower();
    QStringList found;
    for (const auto &[label, needles] : m_needles) {
        for (const QString &needle : needles) {
            if (text.contains(needle) && !found.contains(label)) {
                found.append(label);
                break;
            }
        }
    }
    return found;
}
