// SPDX-License-Identifier: MIT
#pragma once

#include "engine/core/enumnames.h"

#include <QMetaType>
#include <QString>

// What a triage plan decided. The engine's own decisions are a Kind, named in triageDecisionNames; the decisions a
// pack defines (its out_of_scope_decision, its stop rules' "close_question", "request_info", …) stay data: Kind
// PackDefined with the pack's name. A scrub's decision is "scrub_" and the verdict (ScrubReport::decisionName).
// Stored, written to JSON and read back by name(); fromName() never maps an unknown name onto one of the engine's.
class TriageDecision
{
public:
    enum class Kind
    {
        None, // no decision (an empty plan)
        AlreadyClassified,
        AlreadyProcessed,
        AlreadyRouted,
        Route,
        Classify,
        LowConfidence,
        HighPriority,
        NeedsReproduction,
        Duplicate,   // DuplicatePlanner: closed as a duplicate of another issue
        Scrub,       // "scrub_<verdict>", the scrub report's
        PackDefined, // a name the pack gives
    };
    static constexpr Kind AlreadyClassified = Kind::AlreadyClassified;
    static constexpr Kind AlreadyProcessed = Kind::AlreadyProcessed;
    static constexpr Kind AlreadyRouted = Kind::AlreadyRouted;
    static constexpr Kind Route = Kind::Route;
    static constexpr Kind Classify = Kind::Classify;
    static constexpr Kind LowConfidence = Kind::LowConfidence;
    static constexpr Kind HighPriority = Kind::HighPriority;
    static constexpr Kind NeedsReproduction = Kind::NeedsReproduction;
    static constexpr Kind Duplicate = Kind::Duplicate;

    TriageDecision() = default;
    // Implicit, so that a plan reads `plan.decision = TriageDecision::Route`.
    TriageDecision(Kind kind) // NOLINT(google-explicit-constructor)
        : m_kind(kind)
    {}

    // The engine's names become their Kind, "scrub_…" a scrub's; any other non-empty name is the pack's, kept as
    // it is. "" is None.
    static TriageDecision fromName(const QString &name);

    Kind kind() const { return m_kind; }
    QString name() const; // as stored: "route", "not_distributed", "scrub_not_actionable"; "" for None
    bool isEmpty() const { return m_kind == Kind::None; }
    bool isScrub() const { return m_kind == Kind::Scrub; }

    friend bool operator==(const TriageDecision &a, const TriageDecision &b)
    {
        return a.m_kind == b.m_kind && a.m_name == b.m_name;
    }
    friend bool operator==(const TriageDecision &decision, Kind kind) { return decision.m_kind == kind; }

private:
    Kind m_kind = Kind::None;
    QString m_name; // for Scrub and PackDefined
};

// The storage names of the engine's own decisions (the values before Scrub).
inline constexpr EnumName<TriageDecision::Kind> triageDecisionNames[] = {
    {TriageDecision::Kind::None, u""},
    {TriageDecision::Kind::AlreadyClassified, u"already_classified"},
    {TriageDecision::Kind::AlreadyProcessed, u"already_processed"},
    {TriageDecision::Kind::AlreadyRouted, u"already_routed"},
    {TriageDecision::Kind::Route, u"route"},
    {TriageDecision::Kind::Classify, u"classify"},
    {TriageDecision::Kind::LowConfidence, u"low_confidence"},
    {TriageDecision::Kind::HighPriority, u"high_priority"},
    {TriageDecision::Kind::NeedsReproduction, u"needs_reproduction"},
    {TriageDecision::Kind::Duplicate, u"duplicate"},
};

Q_DECLARE_METATYPE(TriageDecision)
