// SPDX-License-Identifier: MIT
#include "models/repro/reprooutputmodel.h"

#include "engine/core/pythontext.h"

#include <QElapsedTimer>
#include <QFont>
#include <QLocale>
#include <QRegularExpression>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace {

// One line longer than this keeps its head and says how much was left out: painting and searching a
// multi-megabyte line would stall the view for nothing a reader can use.
constexpr qsizetype MaxLineChars = qsizetype(16) * 1024;
// An escape sequence longer than this is not one: it is dropped and the text goes on.
constexpr qsizetype MaxEscapeChars = 64;

constexpr char16_t Esc = 0x1b;
// Per turn of the event loop: parse for about this long, in slices of this many bytes.
constexpr qint64 BatchBudgetMs = 8;
constexpr qsizetype SliceBytes = qsizetype(64) * 1024;

bool isPlain(char16_t c)
{
    return c >= 0x20 ? c != 0x7f : c == u'\t';
}

// A raised exception's closing line; a warning printed on its own is not one.
bool isRaisedException(QStringView text)
{
    PythonText::ExceptionLine exception;
    return PythonText::parseExceptionLine(text, &exception) && !exception.isWarning;
}

} // namespace

ReproOutputModel::ReproOutputModel(QObject *parent)
    : QAbstractListModel(parent)
{
    m_batchTimer.setSingleShot(true);
    m_batchTimer.setInterval(DefaultBatchIntervalMs);
    connect(&m_batchTimer, &QTimer::timeout, this, &ReproOutputModel::processBatch);
}

int ReproOutputModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_lines.size()) + noteOffset();
}

QVariant ReproOutputModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const bool note = index.row() < noteOffset();
    if (note) {
        switch (role) {
        case Qt::DisplayRole:
        case Qt::ToolTipRole:
            return noteText();
        case StreamRole:
            return int(OutputStream::StdOut);
        case LineKindRole:
            return int(LineKind::Note);
        case IsNoteRole:
            return true;
        case IsOpenRole:
            return false;
        case FormatsRole:
            return QVariant::fromValue(QList<QTextLayout::FormatRange>());
        case RankRole:
            return -1;
        default:
            return {};
        }
    }
    const Line &line = m_lines.at(index.row() - noteOffset());
    switch (role) {
    case Qt::DisplayRole:
        return line.text;
    case StreamRole:
        return int(line.stream);
    case FormatsRole:
        return QVariant::fromValue(m_stripAnsi ? QList<QTextLayout::FormatRange>() : line.formats);
    case LineKindRole:
        return int(line.kind);
    case IsOpenRole:
        return line.open;
    case IsNoteRole:
        return line.kind == LineKind::Note;
    case RankRole:
        return rankOf(line.text);
    default:
        return {};
    }
}

QHash<int, QByteArray> ReproOutputModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractListModel::roleNames();
    names.insert(StreamRole, "stream");
    names.insert(FormatsRole, "formats");
    names.insert(LineKindRole, "lineKind");
    names.insert(IsOpenRole, "open");
    names.insert(IsNoteRole, "note");
    names.insert(RankRole, "rank");
    return names;
}

void ReproOutputModel::append(const QByteArray &chunk, OutputStream stream)
{
    if (chunk.isEmpty())
        return;
    // Consecutive chunks of one stream merge, so a batch parses few large buffers.
    if (!m_pending.isEmpty() && m_pending.last().second == stream)
        m_pending.last().first += chunk;
    else
        m_pending.append({chunk, stream});
    m_pendingBytes += chunk.size();
    if (!m_batchTimer.isActive())
        m_batchTimer.start(m_batchInterval);
}

void ReproOutputModel::flush()
{
    m_batchTimer.stop();
    QList<Line> done;
    const auto pending = std::exchange(m_pending, {});
    m_pendingBytes = 0;
    for (const auto &[chunk, stream] : pending)
        processChunk(chunk, stream, done);
    commit(done);
}

void ReproOutputModel::processBatch()
{
    // A slice of the queue per turn of the event loop, so that paints and input get their turn between
    // slices however fast the repro writes; what is left waits for the next turn, not the next interval.
    QElapsedTimer clock;
    clock.start();
    QList<Line> done;
    while (!m_pending.isEmpty() && clock.elapsed() < BatchBudgetMs) {
        auto &[chunk, stream] = m_pending.first();
        if (chunk.size() <= SliceBytes) {
            m_pendingBytes -= chunk.size();
            const auto [bytes, from] = m_pending.takeFirst();
            processChunk(bytes, from, done);
        } else {
            const QByteArray piece = chunk.first(SliceBytes);
            chunk.remove(0, SliceBytes);
            m_pendingBytes -= piece.size();
            processChunk(piece, stream, done);
        }
    }
    commit(done);
    if (!m_pending.isEmpty())
        m_batchTimer.start(0);
}

void ReproOutputModel::finish()
{
    flush();
    QList<Line> done;
    for (int i = 0; i < 2; ++i) {
        StreamState &state = m_streams[size_t(i)];
        state.escape.clear();
        if (state.hasCurrent || state.pendingCr)
            endLine(state, OutputStream(i), done);
        state.pendingCr = false;
        state.format = QTextCharFormat();
        state.inTraceback = false;
        state.decoder.resetState();
    }
    commit(done);
}

void ReproOutputModel::appendNote(const QString &text)
{
    finish();
    Line line;
    line.text = text;
    line.kind = LineKind::Note;
    QList<Line> done{line};
    commit(done);
}

void ReproOutputModel::clear()
{
    beginResetModel();
    m_batchTimer.stop();
    m_lines.clear();
    m_dropped = 0;
    m_noteShown = false;
    m_noteCount = 0;
    m_pending.clear();
    m_pendingBytes = 0;
    for (StreamState &state : m_streams)
        state = StreamState();
    const bool hadRanks = !m_ranks.isEmpty();
    m_ranks.clear();
    endResetModel();
    if (hadRanks)
        Q_EMIT ranksChanged();
}

void ReproOutputModel::setMaxLines(int lines)
{
    m_maxLines = std::max(1, lines);
    QList<Line> none;
    commit(none); // applies the new cap to what is there
}

void ReproOutputModel::setStripAnsi(bool strip)
{
    if (strip == m_stripAnsi)
        return;
    m_stripAnsi = strip;
    if (rowCount() > 0)
        Q_EMIT dataChanged(index(0), index(rowCount() - 1), {FormatsRole});
}

void ReproOutputModel::processChunk(const QByteArray &chunk, OutputStream stream, QList<Line> &done)
{
    StreamState &state = m_streams[size_t(stream)];
    const QString text = state.decoder.decode(chunk);
    const auto *p = reinterpret_cast<const char16_t *>(text.constData());
    const char16_t *const end = p + text.size();
    while (p < end) {
        if (!state.escape.isEmpty()) {
            const char16_t c = *p;
            const bool csi = state.escape.size() >= 2 && state.escape.at(1) == u'[';
            const bool osc = state.escape.size() >= 2 && state.escape.at(1) == u']';
            if (state.escape.size() == 1) {
                state.escape.append(QChar(c));
                ++p;
                if (c != u'[' && c != u']')
                    state.escape.clear(); // a two-character escape (ESC =, ESC 7, …): nothing to show
                continue;
            }
            if (osc) {
                // Titles and hyperlinks: end at BEL or ST (ESC \); never shown.
                ++p;
                // Ended, or too long or broken off by a newline: not one.
                if (c == 0x07 || (c == u'\\' && state.escape.endsWith(QChar(Esc))) ||
                    state.escape.size() > 4 * MaxEscapeChars || c == u'\n')
                    state.escape.clear();
                else
                    state.escape.append(QChar(c));
                continue;
            }
            if (csi && c >= 0x20 && c <= 0x3f) {
                // An overlong sequence is consumed to its end but not applied.
                if (state.escape.size() <= MaxEscapeChars)
                    state.escape.append(QChar(c));
                ++p;
                continue;
            }
            if (csi && c >= 0x40 && c <= 0x7e) {
                if (c == u'm' && state.escape.size() <= MaxEscapeChars)
                    applySgr(state, QStringView(state.escape).mid(2));
                state.escape.clear();
                ++p;
                continue;
            }
            // Malformed (a control character inside): drop what was collected and read on from here.
            state.escape.clear();
            continue;
        }
        if (state.pendingCr) {
            state.pendingCr = false;
            if (*p == u'\n') {
                endLine(state, stream, done);
                ++p;
                continue;
            }
            // A lone CR: the line starts over, as on a terminal.
            state.current.text.clear();
            state.current.formats.clear();
            state.current.omittedChars = 0;
        }
        const char16_t c = *p;
        if (c == u'\n') {
            endLine(state, stream, done);
            ++p;
        } else if (c == u'\r') {
            state.pendingCr = true;
            state.hasCurrent = true;
            ++p;
        } else if (c == Esc) {
            state.escape = QChar(Esc);
            ++p;
        } else if (isPlain(c)) {
            const char16_t *run = p;
            while (p < end && isPlain(*p))
                ++p;
            appendText(state, QStringView(run, p - run));
        } else {
            ++p; // other control characters (BEL, backspace, …) are not shown
        }
    }
}

void ReproOutputModel::appendText(StreamState &state, QStringView text)
{
    state.hasCurrent = true;
    Line &line = state.current;
    const qsizetype room = MaxLineChars - line.text.size();
    if (room <= 0) {
        line.omittedChars += text.size();
        return;
    }
    const QStringView kept = text.left(room);
    line.omittedChars += text.size() - kept.size();
    if (state.format.propertyCount() > 0) {
        const int start = int(line.text.size());
        if (!line.formats.isEmpty() && line.formats.last().format == state.format &&
            line.formats.last().start + line.formats.last().length == start)
            line.formats.last().length += int(kept.size());
        else
            line.formats.append({start, int(kept.size()), state.format});
    }
    line.text.append(kept);
}

void ReproOutputModel::applySgr(StreamState &state, QStringView parameters)
{
    QList<int> codes;
    for (const QStringView part : parameters.tokenize(u';')) {
        bool ok = false;
        const int value = part.isEmpty() ? 0 : part.toInt(&ok);
        if (!part.isEmpty() && !ok)
            return; // private or malformed parameters: ignore the whole sequence
        codes.append(value);
    }
    if (codes.isEmpty())
        codes.append(0);
    QTextCharFormat &f = state.format;
    const auto extendedColor = [&codes](qsizetype &i) -> std::optional<QColor> {
        if (i + 2 < codes.size() && codes.at(i + 1) == 5) {
            const int n = codes.at(i + 2);
            i += 2;
            if (n < 16)
                return ansiColor(n);
            if (n < 232) {
                const int v = n - 16;
                const auto level = [](int x) { return x == 0 ? 0 : 55 + x * 40; };
                return QColor(level(v / 36), level((v / 6) % 6), level(v % 6));
            }
            const int grey = 8 + (n - 232) * 10;
            return QColor(grey, grey, grey);
        }
        if (i + 4 < codes.size() && codes.at(i + 1) == 2) {
            const QColor color(qBound(0, codes.at(i + 2), 255), qBound(0, codes.at(i + 3), 255),
                               qBound(0, codes.at(i + 4), 255));
            i += 4;
            return color;
        }
        i = codes.size(); // incomplete: stop reading this sequence
        return std::nullopt;
    };
    for (qsizetype i = 0; i < codes.size(); ++i) {
        const int code = codes.at(i);
        if (code == 0) {
            f = QTextCharFormat();
        } else if (code == 1) {
            f.setFontWeight(QFont::Bold);
        } else if (code == 3) {
            f.setFontItalic(true);
        } else if (code == 4) {
            f.setFontUnderline(true);
        } else if (code == 22) {
            f.clearProperty(QTextFormat::FontWeight);
        } else if (code == 23) {
            f.clearProperty(QTextFormat::FontItalic);
        } else if (code == 24) {
            f.clearProperty(QTextFormat::TextUnderlineStyle);
            f.clearProperty(QTextFormat::FontUnderline);
        } else if (code >= 30 && code <= 37) {
            f.setForeground(ansiColor(code - 30));
        } else if (code >= 90 && code <= 97) {
            f.setForeground(ansiColor(code - 90 + 8));
        } else if (code == 39) {
            f.clearForeground();
        } else if (code >= 40 && code <= 47) {
            f.setBackground(ansiColor(code - 40));
        } else if (code >= 100 && code <= 107) {
            f.setBackground(ansiColor(code - 100 + 8));
        } else if (code == 49) {
            f.clearBackground();
        } else if (code == 38 || code == 48) {
            if (const std::optional<QColor> color = extendedColor(i)) {
                if (code == 38)
                    f.setForeground(*color);
                else
                    f.setBackground(*color);
            }
        }
    }
}

void ReproOutputModel::endLine(StreamState &state, OutputStream stream, QList<Line> &done)
{
    Line line = std::exchange(state.current, Line());
    state.hasCurrent = false;
    state.pendingCr = false;
    if (line.omittedChars > 0)
        line.text += tr(" … [%1 more characters not kept]").arg(line.omittedChars);
    line.omittedChars = 0;
    line.stream = stream;
    line.open = false;
    classify(state, line);
    if (state.openId >= 0) {
        // The line was already shown open: it ends in place.
        const qsizetype at = state.openId - m_dropped;
        if (at >= 0 && at < m_lines.size()) {
            m_lines[at] = std::move(line);
            m_changed.append(state.openId);
        }
        state.openId = -1;
        return;
    }
    done.append(std::move(line));
}

void ReproOutputModel::classify(StreamState &state, Line &line)
{
    const QStringView text = PythonText::withoutRankPrefix(line.text);
    if (PythonText::isTracebackHeader(text)) {
        line.kind = LineKind::TracebackHeader;
        state.inTraceback = true;
    } else if (PythonText::isChainLine(text)) {
        line.kind = LineKind::TracebackHeader;
    } else if (state.inTraceback && (text.isEmpty() || text.front().isSpace() || line.text.front().isSpace())) {
        line.kind = LineKind::TracebackFrame;
    } else if (state.inTraceback) {
        line.kind = LineKind::Exception;
        state.inTraceback = false;
    } else if (isRaisedException(text)) {
        line.kind = LineKind::Exception;
    } else {
        line.kind = LineKind::Plain;
    }
}

int ReproOutputModel::rankOf(QStringView text)
{
    return PythonText::rankOf(text);
}

bool ReproOutputModel::noteRank(const QString &text)
{
    const int rank = rankOf(text);
    if (rank < 0)
        return false;
    const auto at = std::lower_bound(m_ranks.begin(), m_ranks.end(), rank);
    if (at != m_ranks.end() && *at == rank)
        return false;
    m_ranks.insert(at, rank);
    return true;
}

void ReproOutputModel::commit(QList<Line> &done)
{
    // Lines still open show as rows that grow; ones already shown are refreshed in place.
    QList<int> opening;
    bool newRank = false;
    for (int i = 0; i < 2; ++i) {
        StreamState &state = m_streams[size_t(i)];
        if (!state.hasCurrent)
            continue;
        Line shown = state.current;
        shown.stream = OutputStream(i);
        shown.open = true;
        StreamState probe = {};
        probe.inTraceback = state.inTraceback;
        classify(probe, shown);
        if (state.openId >= 0) {
            const qsizetype at = state.openId - m_dropped;
            if (at >= 0 && at < m_lines.size()) {
                newRank |= noteRank(shown.text);
                m_lines[at] = std::move(shown);
                m_changed.append(state.openId);
            }
        } else {
            opening.append(i);
            done.append(std::move(shown));
        }
    }

    const qsizetype excess = m_lines.size() + done.size() - m_maxLines;
    if (excess > 0) {
        const qsizetype fromOld = std::min(excess, m_lines.size());
        if (fromOld > 0) {
            beginRemoveRows({}, noteOffset(), noteOffset() + int(fromOld) - 1);
            m_lines.remove(0, fromOld);
            m_dropped += fromOld;
            endRemoveRows();
        }
        const qsizetype fromNew = excess - fromOld;
        if (fromNew > 0) {
            done.remove(0, fromNew);
            m_dropped += fromNew;
        }
        if (!m_noteShown) {
            beginInsertRows({}, 0, 0);
            m_noteShown = true;
            m_noteCount = m_dropped;
            endInsertRows();
        } else {
            m_noteCount = m_dropped;
            Q_EMIT dataChanged(index(0), index(0), {Qt::DisplayRole, Qt::ToolTipRole});
        }
    }

    for (const Line &line : std::as_const(done))
        newRank |= noteRank(line.text);
    const int added = int(done.size());
    if (added > 0) {
        const int first = rowCount();
        beginInsertRows({}, first, first + added - 1);
        const qsizetype base = m_lines.size();
        m_lines.append(std::exchange(done, {}));
        // Open rows were appended last, in stream order.
        for (qsizetype k = 0; k < opening.size(); ++k)
            m_streams[size_t(opening.at(k))].openId = m_dropped + base + added - opening.size() + k;
        endInsertRows();
    }
    done.clear();

    if (!m_changed.isEmpty()) {
        int low = INT_MAX;
        int high = -1;
        for (const qint64 id : std::as_const(m_changed)) {
            const int row = rowOfId(id);
            if (row >= 0) {
                low = std::min(low, row);
                high = std::max(high, row);
            }
        }
        m_changed.clear();
        if (high >= 0)
            Q_EMIT dataChanged(index(low), index(high));
    }
    if (added > 0)
        Q_EMIT batchAppended(added);
    if (newRank)
        Q_EMIT ranksChanged();
}

int ReproOutputModel::rowOfId(qint64 id) const
{
    const qint64 at = id - m_dropped;
    return at >= 0 && at < m_lines.size() ? int(at) + noteOffset() : -1;
}

QString ReproOutputModel::noteText() const
{
    return m_noteCount == 1 ? tr("1 earlier line not kept")
                            : tr("%1 earlier lines not kept").arg(QLocale().toString(m_noteCount));
}

int ReproOutputModel::findNext(const QString &text, int fromRow, bool backward) const
{
    const int rows = int(m_lines.size());
    if (text.isEmpty() || rows == 0)
        return -1;
    const int offset = noteOffset();
    int at = std::clamp(fromRow - offset, -1, rows);
    for (int step = 0; step < rows; ++step) {
        at = backward ? (at <= 0 ? rows - 1 : at - 1) : (at + 1 >= rows ? 0 : at + 1);
        if (m_lines.at(at).text.contains(text, Qt::CaseInsensitive))
            return at + offset;
    }
    return -1;
}

QString ReproOutputModel::textOfRows(QList<int> rows) const
{
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    QStringList lines;
    lines.reserve(rows.size());
    for (const int row : std::as_const(rows)) {
        if (row >= 0 && row < rowCount())
            lines.append(index(row).data().toString());
    }
    return lines.join(u'\n');
}

QString ReproOutputModel::allText() const
{
    QString text;
    if (m_noteShown)
        text += noteText() + u'\n';
    for (const Line &line : m_lines)
        text += line.text + u'\n';
    return text;
}

QColor ReproOutputModel::ansiColor(int index)
{
    // Mid-tones: each readable on white and on a dark base, unlike a terminal's pure yellow or blue.
    static const QColor colors[16] = {
        QColor(0x4d, 0x4d, 0x4d), QColor(0xc8, 0x2a, 0x2a), QColor(0x2e, 0x8b, 0x3e), QColor(0xb0, 0x7d, 0x0b),
        QColor(0x2f, 0x6f, 0xd0), QColor(0xa0, 0x3c, 0xb8), QColor(0x16, 0x8e, 0x9c), QColor(0x8c, 0x8c, 0x8c),
        QColor(0x70, 0x70, 0x70), QColor(0xe5, 0x48, 0x48), QColor(0x3f, 0xae, 0x55), QColor(0xc9, 0x9a, 0x14),
        QColor(0x4f, 0x8d, 0xf0), QColor(0xc0, 0x5c, 0xd6), QColor(0x25, 0xad, 0xbd), QColor(0xb0, 0xb0, 0xb0),
    };
    return colors[std::clamp(index, 0, 15)];
}

QString ReproOutputModel::parseAnsiLine(const QString &line, QList<QTextLayout::FormatRange> *formats)
{
    ReproOutputModel model;
    model.append(line.toUtf8(), OutputStream::StdOut);
    model.finish();
    if (model.m_lines.isEmpty())
        return {};
    if (formats)
        *formats = model.m_lines.first().formats;
    return model.m_lines.first().text;
}
