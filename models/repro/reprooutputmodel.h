// SPDX-License-Identifier: MIT
#pragma once

#include "engine/repro/sandboxrunner.h"

#include <QAbstractListModel>
#include <QByteArray>
#include <QColor>
#include <QList>
#include <QStringDecoder>
#include <QTextCharFormat>
#include <QTextLayout>
#include <QTimer>

#include <array>

// A repro's live output as a list of lines. Chunks are queued by append() and turned into rows in batches
// (one rowsInserted per batch, driven by a short timer, or by flush()), so a flood of output costs the event
// loop a bounded slice per batch. Per stream: UTF-8 and ANSI escapes may be split across chunks, CR LF and
// LF end a line, a lone CR starts the line over (progress bars), and the unfinished last line shows as an
// open row that grows; a flood is parsed in time-boxed slices, one per turn of the event loop. ANSI SGR colours become
// format ranges (or are dropped with setStripAnsi). Only the newest maxLines() lines are kept; a note row at the top
// says how many earlier ones were not.
class ReproOutputModel final : public QAbstractListModel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReproOutputModel)

public:
    enum class LineKind
    {
        Plain,
        TracebackHeader, // "Traceback (most recent call last):"
        TracebackFrame,  // a frame or source line inside a traceback
        Exception,       // the line naming the exception that ended the traceback
        Note,            // "N earlier lines not kept", or a marker the panel adds
    };
    enum Role
    {
        StreamRole = Qt::UserRole, // int(OutputStream)
        FormatsRole,               // QList<QTextLayout::FormatRange> from ANSI SGR; empty when stripped
        LineKindRole,              // int(LineKind)
        IsOpenRole,                // bool: the line has no end yet
        IsNoteRole,                // bool
        RankRole,                  // int: the rank a line is tagged with (`[rank1]: …`), -1 when untagged
    };
    static constexpr int DefaultMaxLines = 20000;
    static constexpr int DefaultBatchIntervalMs = 40;

    explicit ReproOutputModel(QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

    // Queues a chunk; rows appear at the next batch. Cheap: safe to call for every read of a pipe.
    void append(const QByteArray &chunk, OutputStream stream);
    // Turns everything queued into rows now (tests, the end of a run).
    void flush();
    // Ends the open lines of both streams (the process is gone), after flushing.
    void finish();
    // A line of our own (e.g. "── run 2/5 ──"), shown as a note between the output.
    void appendNote(const QString &text);
    void clear();

    void setMaxLines(int lines);
    int maxLines() const { return m_maxLines; }
    void setBatchInterval(int milliseconds) { m_batchInterval = milliseconds; }
    void setStripAnsi(bool strip);
    bool stripAnsi() const { return m_stripAnsi; }

    qint64 droppedLines() const { return m_dropped; }
    qint64 totalLines() const { return m_dropped + m_lines.size(); }
    qint64 pendingBytes() const { return m_pendingBytes; }
    bool hasNoteRow() const { return m_noteShown; }
    // The ranks lines were tagged with so far, ascending (a multi-rank run's `[rankN]: ` prefixes).
    QList<int> ranks() const { return m_ranks; }
    // The rank a line's `[rankN]:` prefix names, -1 when it has none.
    static int rankOf(QStringView text);

    // Rows whose text contains `text` (case-insensitive), searching from `fromRow` (exclusive) forwards or
    // backwards and wrapping; -1 when none.
    int findNext(const QString &text, int fromRow, bool backward = false) const;
    // The text of rows, one per line (for copy).
    QString textOfRows(QList<int> rows) const;
    QString allText() const;

    // The palette ANSI colours 0–15 map to; readable on light and dark bases.
    static QColor ansiColor(int index);
    // Parses a complete line with ANSI escapes (no line end): the visible text and its formats.
    static QString parseAnsiLine(const QString &line, QList<QTextLayout::FormatRange> *formats);

Q_SIGNALS:
    // After each batch: how many lines arrived in it.
    void batchAppended(int lines);
    // A rank not seen before tagged a line, or clear() forgot them.
    void ranksChanged();

private:
    struct Line
    {
        QString text;
        QList<QTextLayout::FormatRange> formats;
        OutputStream stream = OutputStream::StdOut;
        LineKind kind = LineKind::Plain;
        bool open = false;
        qsizetype omittedChars = 0; // past the per-line cap
    };
    // Parsing state of one stream, kept across chunks.
    struct StreamState
    {
        QStringDecoder decoder{QStringDecoder::Utf8};
        Line current;            // the line being built
        bool hasCurrent = false; // current has text (or formats) not yet ended
        qint64 openId = -1;      // absolute id of the row showing `current`, -1 when not shown
        bool pendingCr = false;  // a CR ended the last chunk: CR LF or a lone CR, decided by the next char
        QString escape;          // an escape sequence split across chunks
        QTextCharFormat format;  // the SGR state
        bool inTraceback = false;
    };

    void processBatch();
    void processChunk(const QByteArray &chunk, OutputStream stream, QList<Line> &done);
    void endLine(StreamState &state, OutputStream stream, QList<Line> &done);
    static void appendText(StreamState &state, QStringView text);
    static void applySgr(StreamState &state, QStringView parameters);
    static void classify(StreamState &state, Line &line);
    void commit(QList<Line> &done);
    int rowOfId(qint64 id) const;
    bool noteRank(const QString &text); // true when the line's rank is new
    int noteOffset() const { return m_noteShown ? 1 : 0; }
    QString noteText() const;

    QList<Line> m_lines;
    QList<int> m_ranks;
    qint64 m_dropped = 0;
    qint64 m_noteCount = 0; // what the note row says; catches up with m_dropped after each removal
    bool m_noteShown = false;
    QList<qint64> m_changed; // ids of rows changed in place during a batch
    int m_maxLines = DefaultMaxLines;
    bool m_stripAnsi = false;
    std::array<StreamState, 2> m_streams;
    QList<QPair<QByteArray, OutputStream>> m_pending;
    qint64 m_pendingBytes = 0;
    QTimer m_batchTimer;
    int m_batchInterval = DefaultBatchIntervalMs;
};
