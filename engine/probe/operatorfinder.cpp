// SPDX-License-Identifier: MIT
#include "engine/probe/operatorfinder.h"

#include <QHash>
#include <QRegularExpression>
#include <QSet>

using namespace Qt::StringLiterals;

namespace {

// torch.X names that are not operators a DTensor would be asked to support.
const QSet<QString> &utilities()
{
    static const QSet<QString> names{
        u"tensor"_s,
        u"randn"_s,
        u"rand"_s,
        u"randint"_s,
        u"zeros"_s,
        u"ones"_s,
        u"empty"_s,
        u"full"_s,
        u"arange"_s,
        u"linspace"_s,
        u"eye"_s,
        u"manual_seed"_s,
        u"device"_s,
        u"no_grad"_s,
        u"compile"_s,
        u"save"_s,
        u"load"_s,
        u"from_numpy"_s,
        u"as_tensor"_s,
        u"set_default_dtype"_s,
        u"get_default_dtype"_s,
        u"is_tensor"_s,
        u"use_deterministic_algorithms"_s,
        u"inference_mode"_s,
        u"enable_grad"_s,
        u"set_grad_enabled"_s,
        u"zeros_like"_s,
        u"ones_like"_s,
        u"empty_like"_s,
        u"randn_like"_s,
        u"rand_like"_s,
        u"full_like"_s,
        u"Size"_s,
        u"Generator"_s,
        u"set_printoptions"_s,
        u"allclose"_s,
        u"equal"_s,
        u"is_grad_enabled"_s,
        u"autocast"_s,
    };
    return names;
}

// torch.nn.functional names whose ATen op has another name.
QString atenForFunctional(const QString &name)
{
    static const QHash<QString, QString> renamed{
        {u"scaled_dot_product_attention"_s, u"_scaled_dot_product_efficient_attention"_s},
        {u"cross_entropy"_s, u"nll_loss_forward"_s},
        {u"layer_norm"_s, u"native_layer_norm"_s},
        {u"dropout"_s, u"native_dropout"_s},
        {u"softmax"_s, u"_softmax"_s},
        {u"log_softmax"_s, u"_log_softmax"_s},
        {u"conv1d"_s, u"convolution"_s},
        {u"conv2d"_s, u"convolution"_s},
        {u"conv3d"_s, u"convolution"_s},
    };
    return renamed.value(name, name);
}

QString lineAround(const QString &text, qsizetype at)
{
    const qsizetype start = text.lastIndexOf(u'\n', at) + 1;
    qsizetype end = text.indexOf(u'\n', at);
    if (end < 0)
        end = text.size();
    return text.mid(start, end - start).trimmed().left(240);
}

int weight(OperatorMention::Source source)
{
    switch (source) {
    case OperatorMention::Source::MissingStrategy:
        return 100;
    case OperatorMention::Source::Title:
        return 60;
    case OperatorMention::Source::AtenName:
        return 40;
    case OperatorMention::Source::FunctionalCall:
        return 20;
    case OperatorMention::Source::TorchCall:
        return 15;
    }
    return 0;
}

class Collector
{
public:
    void add(const QString &name, const QString &overload, OperatorMention::Source source, const QString &evidence)
    {
        if (name.isEmpty() || OperatorFinder::isUtility(name))
            return;
        const QString op = u"aten.%1.%2"_s.arg(name, overload.isEmpty() ? u"default"_s : overload);
        const int score = weight(source);
        // The same op named bare ("aten.cumsum") and with an overload: keep one entry, the precise name.
        for (OperatorMention &known : m_mentions) {
            const bool sameOp = known.op == op || (overload.isEmpty() && known.op.startsWith(u"aten.%1."_s.arg(name)));
            if (sameOp) {
                known.score += 5; // named again
                if (score > weight(known.source)) {
                    known.source = source;
                    known.evidence = evidence;
                    known.score += score - weight(known.source);
                }
                return;
            }
            if (!overload.isEmpty() && known.op == u"aten.%1.default"_s.arg(name) &&
                known.source != OperatorMention::Source::MissingStrategy) {
                known.op = op;
                known.score += 5;
                return;
            }
        }
        m_mentions.append({op, source, evidence, score});
    }
    QList<OperatorMention> take()
    {
        std::stable_sort(m_mentions.begin(), m_mentions.end(),
                         [](const OperatorMention &a, const OperatorMention &b) { return a.score > b.score; });
        return m_mentions;
    }

private:
    QList<OperatorMention> m_mentions;
};

void scan(const QString &text, bool title, Collector &out)
{
    static const QRegularExpression missing(
        u"Operator\\s+aten\\.([a-z_][a-z0-9_]*)\\.([A-Za-z_][A-Za-z0-9_]*)\\s+does not have a sharding strategy"_s);
    static const QRegularExpression aten(u"\\baten(?:\\.|::)([a-z_][a-z0-9_]*)(?:\\.([A-Za-z_][A-Za-z0-9_]*))?"_s);
    static const QRegularExpression functional(u"(?:\\bF|torch\\.nn\\.functional)\\.([a-z_][a-z0-9_]*)\\s*\\("_s);
    static const QRegularExpression torchCall(u"\\btorch\\.(?:Tensor\\.)?([a-z_][a-z0-9_]*)\\b(?!\\.)(?:\\s*\\()?"_s);
    using S = OperatorMention::Source;
    for (auto it = missing.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        out.add(m.captured(1), m.captured(2), S::MissingStrategy, lineAround(text, m.capturedStart()));
    }
    for (auto it = aten.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        out.add(m.captured(1), m.captured(2), title ? S::Title : S::AtenName, lineAround(text, m.capturedStart()));
    }
    for (auto it = functional.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        out.add(atenForFunctional(m.captured(1)), {}, title ? S::Title : S::FunctionalCall,
                lineAround(text, m.capturedStart()));
    }
    for (auto it = torchCall.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        const QString name = m.captured(1);
        // torch.distributed, torch.nn, torch.ops …: namespaces, not ops (the (?!\.) already drops "torch.nn.x").
        if (name == u"distributed"_s || name == u"nn"_s || name == u"ops"_s || name == u"cuda"_s ||
            name == u"testing"_s || name == u"utils"_s || name == u"float32"_s || name == u"float64"_s ||
            name == u"int64"_s || name == u"bfloat16"_s || name == u"float16"_s || name == u"long"_s)
            continue;
        // In the body a bare reference (no call) is too weak; in the title it is what is asked about.
        if (!title && !m.captured(0).trimmed().endsWith(u'('))
            continue;
        out.add(name, {}, title ? S::Title : S::TorchCall, lineAround(text, m.capturedStart()));
    }
}

} // namespace

QString OperatorMention::sourceName(Source source)
{
    switch (source) {
    case Source::MissingStrategy:
        return u"missing sharding strategy error"_s;
    case Source::Title:
        return u"title"_s;
    case Source::AtenName:
        return u"aten name"_s;
    case Source::TorchCall:
        return u"torch call"_s;
    case Source::FunctionalCall:
        return u"functional call"_s;
    }
    return {};
}

bool OperatorFinder::isUtility(const QString &name)
{
    return utilities().contains(name);
}

QList<OperatorMention> OperatorFinder::find(const QString &title, const QString &body)
{
    Collector out;
    scan(body, false, out); // the error message comes first whatever the title says
    scan(title, true, out);
    return out.take();
}
