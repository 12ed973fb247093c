<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE" sourcelanguage="en">
<context>
    <name>AgreementTableModel</name>
    <message>
        <source>none</source>
        <translation type="unfinished">keine</translation>
    </message>
    <message>
        <source>+%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Suggested</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Acceptance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overridden</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Added unsuggested</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overridden on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tier</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Issues</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>At or above</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Coverage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Labels</source>
        <translation type="unfinished">Labels</translation>
    </message>
    <message>
        <source>Label acceptance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Week of</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decided</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Agreed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Agreement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Double-click to open #%1 in the queue</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>BatchEditDialog</name>
    <message>
        <source>Apply to 1 issue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply to %1 marked issues</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No label</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unchanged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each marked issue gets its own edit, checked by the queue&apos;s rules and put in the outbox; issues where a rule refuses it are left as they were.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add label:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sub-oncall:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comment template:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GitHubClient</name>
    <message>
        <source>cannot reach %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GitHub refused the token for %1 (401): %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bad credentials</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GitHub denied access to %1 (403): %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>forbidden</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was not found (404); check the repository name and the token&apos;s access</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GitHub had a server error (%1) for %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GitHub answered %1 with an error: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GitHub answered %1 for %2%3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GitHubHost</name>
    <message>
        <source>--api needs an http(s) URL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GH_HOST=%1 is not a host name (such as github.com or ghe.example.com)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>GitHubRequestJob</name>
    <message>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the GitHub rate limit is exhausted until %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rate limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 redirected more than %2 times</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 redirected to %2, which is less safe; not followed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GitHub sent malformed JSON for %1 (%2 at byte %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>malformed JSON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the GitHub GraphQL rate limit is exhausted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>secondary rate limit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (gave up after %2 attempts)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>IssueTableModel</name>
    <message>
        <source>now</source>
        <translation>jetzt</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <source>%1 d</source>
        <translation>%1 T</translation>
    </message>
    <message>
        <source>%1 w</source>
        <translation>%1 W</translation>
    </message>
    <message>
        <source>%1 mo</source>
        <translation>%1 Mon</translation>
    </message>
    <message>
        <source>%1 y</source>
        <translation>%1 J</translation>
    </message>
    <message>
        <source>new</source>
        <translation>neu</translation>
    </message>
    <message>
        <source>approved</source>
        <translation>angenommen</translation>
    </message>
    <message>
        <source>edited</source>
        <translation>bearbeitet</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>übersprungen</translation>
    </message>
    <message>
        <source>submitted</source>
        <translation>gesendet</translation>
    </message>
    <message>
        <source>high</source>
        <translation>hoch</translation>
    </message>
    <message>
        <source>medium</source>
        <translation>mittel</translation>
    </message>
    <message>
        <source>low</source>
        <translation>niedrig</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overall confidence: %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Triage in progress</source>
        <translation>Triage läuft</translation>
    </message>
    <message>
        <source>#</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Title</source>
        <translation>Titel</translation>
    </message>
    <message>
        <source>Author</source>
        <translation>Autor</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>Alter</translation>
    </message>
    <message>
        <source>Labels</source>
        <translation>Labels</translation>
    </message>
    <message>
        <source>Sub-oncall</source>
        <translation>Sub-Oncall</translation>
    </message>
    <message>
        <source>Modules</source>
        <translation>Module</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>Konfidenz</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>Prüfung</translation>
    </message>
</context>
<context>
    <name>IssueView</name>
    <message>
        <source>Owner</source>
        <translation>Eigentümer</translation>
    </message>
    <message>
        <source>Member</source>
        <translation>Mitglied</translation>
    </message>
    <message>
        <source>Collaborator</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Contributor</source>
        <translation>Mitwirkender</translation>
    </message>
    <message>
        <source>First-time contributor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First-timer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mannequin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rule %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rule %1 → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select an issue in the queue to read it here.</source>
        <translation>Ein Issue in der Warteschlange auswählen, um es hier zu lesen.</translation>
    </message>
    <message>
        <source>_No description provided._</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Showing the first %1 of %2; the rest is not rendered.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Offen</translation>
    </message>
    <message>
        <source>Closed</source>
        <translation>Geschlossen</translation>
    </message>
    <message>
        <source>unknown author</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>opened %1 ago</source>
        <translation>vor %1 eröffnet</translation>
    </message>
    <message>
        <source>1 comment</source>
        <translation>1 Kommentar</translation>
    </message>
    <message>
        <source>[image]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>[image: %1]</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n comments</source>
        <translation>
            <numerusform>%n Kommentar</numerusform>
            <numerusform>%n Kommentare</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LabelSyncJob</name>
    <message>
        <source>&quot;%1&quot; is not a repository (owner/name)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>label sync cancelled; the stored labels are kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read the labels of %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read the labels of %1: GitHub&apos;s answer is not a list of labels</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Space / Enter</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In the outbox: include or leave out the current row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+Return</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In the outbox: submit the selected edits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Triage Console</source>
        <translation>Triage Console</translation>
    </message>
    <message>
        <source>Next issue</source>
        <translation>Nächstes Issue</translation>
    </message>
    <message>
        <source>Previous issue</source>
        <translation>Vorheriges Issue</translation>
    </message>
    <message>
        <source>Approve the suggestion (as edited) and advance</source>
        <translation>Vorschlag (wie bearbeitet) annehmen und weiter</translation>
    </message>
    <message>
        <source>Edit the suggestion</source>
        <translation>Vorschlag bearbeiten</translation>
    </message>
    <message>
        <source>Add a label (type to filter)</source>
        <translation>Label hinzufügen (Tippen filtert)</translation>
    </message>
    <message>
        <source>Write the comment</source>
        <translation>Kommentar schreiben</translation>
    </message>
    <message>
        <source>Skip this issue and advance</source>
        <translation>Dieses Issue überspringen und weiter</translation>
    </message>
    <message>
        <source>Undo the last decision</source>
        <translation>Letzte Entscheidung rückgängig machen</translation>
    </message>
    <message>
        <source>Open the issue on GitHub</source>
        <translation>Issue auf GitHub öffnen</translation>
    </message>
    <message>
        <source>Mark or unmark the issue and advance (Shift/Ctrl+click marks too)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Snooze the issue: until a date, or until it changes on GitHub</source>
        <translation>Issue zurückstellen: bis zu einem Datum oder bis es sich auf GitHub ändert</translation>
    </message>
    <message>
        <source>Apply a label, sub-oncall or template to the marked issues</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter the queue (Enter returns to it)</source>
        <translation>Warteschlange filtern (Enter kehrt zurück)</translation>
    </message>
    <message>
        <source>Repro tab / back to the issue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Similar issues tab / back to the issue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mark as duplicate of the selected similar issue (to the outbox)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search every issue in the store</source>
        <translation>Alle gespeicherten Issues durchsuchen</translation>
    </message>
    <message>
        <source>Presentation mode</source>
        <translation>Präsentationsmodus</translation>
    </message>
    <message>
        <source>The outbox (approved edits waiting for GitHub) / back to the queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The scoreboard (how right the suggestions were) / back to the queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Configure the keyboard shortcuts</source>
        <translation>Tastenkürzel einrichten</translation>
    </message>
    <message>
        <source>This sheet</source>
        <translation>Diese Übersicht</translation>
    </message>
    <message>
        <source>Cannot load the built-in rubrics: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — Triage Console</source>
        <translation>%1 — Triage Console</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Configure Shortcuts…</source>
        <translation>Tastenkürzel einrichten…</translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queue</source>
        <translation>Warteschlange</translation>
    </message>
    <message>
        <source>Open Queue…</source>
        <translation>Warteschlange öffnen…</translation>
    </message>
    <message>
        <source>Sync</source>
        <translation>Synchronisieren</translation>
    </message>
    <message>
        <source>GitHub Token…</source>
        <translation>GitHub-Token…</translation>
    </message>
    <message>
        <source> · without %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · all states</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot use the rubric chosen for %1: %2. The queue keeps the %3 rubric.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read %1 from the store: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a queue from GitHub first (Ctrl+O).</source>
        <translation>Zuerst eine Warteschlange von GitHub öffnen (Strg+O).</translation>
    </message>
    <message>
        <source>No store to open queues from.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1#%2 is not in the open queue.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#%1 is in %2: open that queue to review it again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#%1 is not in this queue any more.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#%1 changed since your review: syncing it; approve it again (a) to put it back in the outbox.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Review #%1 again; approving it (a) puts it back in the outbox.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OperatorProbeJob</name>
    <message>
        <source>&quot;%1&quot; is not an ATen op name (like aten.cumsum.default).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to probe: no op or no mesh size.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The sandbox refused to start: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The probe ran past its time limit (%1 s).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The probe exited with code %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was not probed.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OperatorProbeModel</name>
    <message>
        <source>ok</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>raises</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>WRONG RESULT</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none registered</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>yes (%n collective(s))</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DTensor ran and its result differs from the single-device run: a DTensor bug.%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Op</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Placements</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Redistributed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OperatorProbePanel</name>
    <message>
        <source>the missing-strategy error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the title</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an aten name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a torch call</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a functional call</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator probe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Probe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Back to the run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add to outbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy test</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>aten.cumsum.default, aten.kron.default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ops to probe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ATen op names, comma-separated (aten.X.overload; aten.X means .default)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mesh sizes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mesh sizes to probe on, comma-separated: each is a CPU Gloo mesh of that many ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the probe in the sandbox: every placement of every tensor input, compared with the single-device result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The op analysed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drafted comment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Generated test</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ops</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Analysis of</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Analysis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Test to start from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not in the outbox: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The issue names no ATen op: type the op to probe (aten.X.overload).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Probe runs the op on a CPU Gloo mesh in the sandbox; it takes seconds per op.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No operator found in #%1&apos;s text.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — from %2: &lt;i&gt;“%3”&lt;/i&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Asked about in #%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No issue selected.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A probe is running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an ATen op name (like aten.cumsum.default).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No op to probe.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mesh sizes are numbers from 1 to 16, like 2,4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Looking for Python environments…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No environment here has torch: the probe needs torch with torch.distributed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Probing %1 on %n rank(s): %2 combination(s) so far…</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Starting the ranks for %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>WRONG RESULTS: %n combination(s) ran without an error and gave a result that differs from the single-device run. That is a DTensor bug.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n combination(s): </source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1 match the single-device result, %2 raise, %3 wrong</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> — %1 s in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The probe stopped: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>WRONG RESULTS: %n placement combination(s) run without an error and give a result that differs from the single-device run — a DTensor correctness bug.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Op</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Category</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sharding strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>registered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none of its own; it decomposes into ops that have one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none registered: NotImplementedError for every placement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Broadcast</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Partial inputs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Combinations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 match, %2 raise, %3 wrong</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrong results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Raising placements</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Working placements</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Suggested labels: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing probed yet: the comment is drafted from a probe&apos;s result.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No outbox: the console has no store open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The queue is not a GitHub repository&apos;s: nothing of it goes to the outbox.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The comment is empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In the outbox as entry %1, but blocked by a queue rule: see the outbox.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In the outbox as entry %1: approve and submit it there; nothing went to GitHub yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In the sandbox with %1, on a CPU Gloo mesh per mesh size.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OutboxChange</name>
    <message>
        <source>labels added by others: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>labels removed by others: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 new comment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 new comments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>closed by others</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>reopened by others</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OutboxHost</name>
    <message>
        <source>Queue</source>
        <translation type="unfinished">Warteschlange</translation>
    </message>
    <message>
        <source>Outbox</source>
        <translation>Ausgang</translation>
    </message>
    <message>
        <source>The approved edits waiting for GitHub (Ctrl+Shift+O)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scoreboard</source>
        <translation>Auswertung</translation>
    </message>
    <message>
        <source>How right the suggestions were, on the team&apos;s decisions (Ctrl+Shift+S)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The queue (Ctrl+Shift+O)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outbox (%1)</source>
        <translation>Ausgang (%1)</translation>
    </message>
</context>
<context>
    <name>OutboxModel</name>
    <message>
        <source>No store to read the outbox from.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>left out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>writing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>↻ triaged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>—</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no comment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>close: not planned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>close: completed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Issue</source>
        <translation type="unfinished">Issue</translation>
    </message>
    <message>
        <source>Labels +</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OutboxPanel</name>
    <message>
        <source>Outbox</source>
        <translation type="unfinished">Ausgang</translation>
    </message>
    <message>
        <source>Keep my notification settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished">Abbrechen</translation>
    </message>
    <message>
        <source>Submit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re-review in the queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy markdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot store the notification setting: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write the selected edits to GitHub (Ctrl+Return)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show this issue in the queue as it is now; approve it again to re-queue it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The report of the next batch shows here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The report is on the clipboard, as markdown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>When</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Who</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Issue</source>
        <translation type="unfinished">Issue</translation>
    </message>
    <message>
        <source>Write</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HTTP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GitHub&apos;s answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the audit log as JSON Lines or markdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Entry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Audit log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writing to an issue subscribes you to it; with this on, your subscription is put back as it was</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writing to an issue subscribes you to it; with this on, your subscription to each open issue of %1 is put back as it was after the last write</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the outbox: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No store: the outbox lives in the local store.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a GitHub token to submit (GitHub Token… in the toolbar).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A batch is running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to submit: approve issues in the queue (a).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing selected to submit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting %1 s: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelling: finishing the issues in flight…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writing #%1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The batch could not run: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled: %1 written; the rest stay ready.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n written</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n changed on GitHub since the review (⇄, nothing written)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n failed or blocked (✖ ⊘)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>. Select a row to see why.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All %1 written to GitHub. The report is ready to copy.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>blocked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>conflict</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 ready selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ready · %2 blocked · %3 done · %4 conflict · %5 failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Submit %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The outbox is empty. Approve issues in the queue (&lt;b&gt;a&lt;/b&gt;) and they wait here until you submit them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a row to see what it writes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>selected: written with the next Submit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not selected: Space selects it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What changed since your review</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Labels added by others: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Labels removed by others: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 new comment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 new comments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Closed by someone else</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reopened by someone else</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was written. Re-review the issue as it is now; a new approval puts it back in the outbox.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Blocked by the queue rules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Never written. Edit and approve it again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing more was written after this. Approve it again to retry.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Labels to add</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>already there</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Labels to remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>removed, then added again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comment, as it will be posted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No comment.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A hidden marker identifying this plan is appended, so the comment is never posted twice.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Closes the issue as not planned.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Closes the issue as completed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 confidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>approved by %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 attempts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the audit log: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No store to read the audit log from.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export the audit log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl);;Markdown (*.md)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Audit log written to %1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OutboxReport</name>
    <message>
        <source>## Triage outbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Submitted %1 UTC</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>by @%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled before the end</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>**The batch could not run:** </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 issues: </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nothing to do</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>### By sub-oncall and confidence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>| sub-oncall | high | medium | low | none | total |</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>### Routed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>| issue | sub-oncall | labels added | confidence | comment | outcome |</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no detail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Conflicts (changed since the review; nothing written)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failures</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Blocked by guardrails (nothing written)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not submitted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Interrupted (resumed by the next Submit)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OutboxSubmitJob</name>
    <message>
        <source>the issue is locked: skipped, nothing written</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the issue is locked (%1): skipped, nothing written</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the GitHub client is gone</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>written to GitHub</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>already on GitHub; nothing written</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GitHub did not say</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>your notification subscription could not be saved (%1): it is not restored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GitHub left it %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished">unbekannt</translation>
    </message>
    <message>
        <source>your notification subscription could not be restored to %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no answer: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GitHub did not close the issue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (gave up after %2 tries)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; warning: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; our comment is on the issue %1 times (a dropped connection was re-sent); delete the extra ones by hand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no GitHub client</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PackEdit</name>
    <message>
        <source> Rules that fired: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reviewers added %1 on %2 issues the engine did not suggest it for; they share %3. Proposed: add them to the module&apos;s signals.%4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reviewers removed %1 on %2 issues the engine suggested it for; they share %3. Proposed: a confusion that drops it when they appear.%4</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PackEditSuggester</name>
    <message>
        <source>the pack has no module for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Words shared by issues where reviewers removed %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reviewers removed %1 on issues with these words.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProcessJob</name>
    <message>
        <source>%1 could not start: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Cannot open the repository labels in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot create the repository labels in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the labels of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot store the labels of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a Triage Console store (%2). Rebuild it to sync afresh from GitHub.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a directory, not a Triage Console store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot be read (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it is not an SQLite database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot create the folder %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot open the store %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SQLite cannot read it: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it is damaged: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it holds another application&apos;s data</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot move %1 aside to rebuild it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was written by a newer Triage Console (schema %2; this one knows %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write to the store %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot upgrade the store %1 to schema %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot upgrade the store %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot record the queue in %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read the queue from %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read the queues from %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read the sync state from %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot save the sync state in %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read the store %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open the snoozes in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot create the snoozes in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot snooze #%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot wake #%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the snoozes of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open the outbox in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an outbox entry needs a repository and an issue number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the issue seen (#%1) is not the one the plan is for (#%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a close needs the state reason completed, not_planned or duplicate, not &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write the outbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot put #%1 in the outbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot remove outbox entry %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the outbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read outbox entry %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>outbox entry %1 does not exist</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot change outbox entry %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write the journal of outbox entry %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the journal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot store the outbox settings of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write the audit log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the audit log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>## Audit log

</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No writes yet.
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>| when (UTC) | who | issue | action | HTTP | request | GitHub&apos;s answer |
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot record #%1 as submitted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open the similarity index in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot create the similarity index in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this SQLite was built without FTS5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot update the similarity index in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot count the words of the similarity index in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the store %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#%1 is not in the store for %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot look up similar issues in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The search &quot;%1&quot; is not one SQLite&apos;s full-text syntax understands (%2). Words, &quot;exact phrases&quot;, OR, NOT, prefix* and title: / body: / signature: work.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Marking a duplicate needs an issue of a repository.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#%1 cannot be a duplicate of itself.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#%1 is not an issue of %2 as the store holds it; sync the reference corpus and try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#%1 is already closed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#%1 is closed and #%2, also similar, is open: prefer the open one, or confirm #%1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the journal of outbox entry %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>journal step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>outbox status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>journal phase</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QueuePage</name>
    <message>
        <source>Has repro</source>
        <translation>Mit Repro</translation>
    </message>
    <message>
        <source>Needs review</source>
        <translation>Prüfung nötig</translation>
    </message>
    <message>
        <source>Filter by number, title, author or label   ( / )</source>
        <translation>Nach Nummer, Titel, Autor oder Label filtern   ( / )</translation>
    </message>
    <message>
        <source>Filter the queue</source>
        <translation>Warteschlange filtern</translation>
    </message>
    <message>
        <source>This rule did not fire on the text.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That evidence is not in the rendered text.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Triaging %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Issue</source>
        <translation>Issue</translation>
    </message>
    <message>
        <source>Repro</source>
        <translation>Repro</translation>
    </message>
    <message>
        <source>Similar</source>
        <translation>Ähnliche</translation>
    </message>
    <message>
        <source>Any sub-oncall</source>
        <translation>Jeder Sub-Oncall</translation>
    </message>
    <message>
        <source>Loading %1 from the store…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Labels not updated: %1</source>
        <translation>Labels nicht aktualisiert: %1</translation>
    </message>
    <message>
        <source>Filter by sub-oncall</source>
        <translation>Nach Sub-Oncall filtern</translation>
    </message>
    <message>
        <source>Filter by confidence</source>
        <translation>Nach Konfidenz filtern</translation>
    </message>
    <message>
        <source>Any confidence</source>
        <translation>Jede Konfidenz</translation>
    </message>
    <message>
        <source>Filter by review state</source>
        <translation>Nach Prüfstatus filtern</translation>
    </message>
    <message>
        <source>Any state</source>
        <translation>Jeder Status</translation>
    </message>
    <message>
        <source>Snoozed</source>
        <translation>Zurückgestellt</translation>
    </message>
    <message>
        <source>Snoozing needs the local store.</source>
        <translation>Zurückstellen braucht den lokalen Speicher.</translation>
    </message>
    <message>
        <source>#%1 is not in this queue; opening it on GitHub</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing can go to the outbox without a store.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#%1: &quot;Duplicate of #%2&quot; and the close are in the outbox (u undoes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#%1: your undecided edits are back (a or s decides, u after that undoes).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine has not triaged this issue yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not approved: the suggestion breaks a queue rule (see the panel).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 issue marked: b applies a label, a sub-oncall or a template to it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 issues marked: b applies a label, a sub-oncall or a template to each.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit the marked issues</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#%1 (not triaged yet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edited 1 issue.</source>
        <translation>1 Issue bearbeitet.</translation>
    </message>
    <message numerus="yes">
        <source>Edited %n issues.</source>
        <translation>
            <numerusform>%n Issue bearbeitet.</numerusform>
            <numerusform>%n Issues bearbeitet.</numerusform>
        </translation>
    </message>
    <message>
        <source>Edited 1 issue; the queue&apos;s rules refused %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Edited %n issues; the queue&apos;s rules refused %1.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>#%1 has no GitHub address.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No browser could open %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 issue</source>
        <translation>1 Issue</translation>
    </message>
    <message numerus="yes">
        <source>%n issues</source>
        <translation>
            <numerusform>%n Issue</numerusform>
            <numerusform>%n Issues</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of 1 issue</source>
        <translation>%1 von 1 Issue</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n issues</source>
        <translation>
            <numerusform>%1 von %n Issue</numerusform>
            <numerusform>%1 von %n Issues</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %n snoozed</source>
        <translation>
            <numerusform> · %n zurückgestellt</numerusform>
            <numerusform> · %n zurückgestellt</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · %1 rubric (by labels)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · rubrics by labels: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each issue is planned by the built-in rubric its oncall labels name: oncall: pt2 → pt2, oncall: distributed → distributed, none → general.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · %1 rubric</source>
        <translation> · Rubrik %1</translation>
    </message>
    <message>
        <source>Rubric: %1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>triaging %1 of %2…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QueuePickerDialog</name>
    <message>
        <source>Open Queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>owner/name, e.g. pytorch/pytorch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>comma-separated, all required, e.g. oncall: distributed, -label:&quot;ptd-bot-triaged&quot; to leave some out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open issues</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All issues</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>optional: your team&apos;s rubric pack (.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Repository:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Labels:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;State:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>R&amp;ubric:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Pack file:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queues in the store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rubric Pack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rubric packs (*.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all labels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>synced %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>never synced</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2 · %3 — %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter a repository as owner/name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The repository must be owner/name, e.g. pytorch/pytorch.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Owner and name may hold letters, digits, &apos;.&apos;, &apos;-&apos; and &apos;_&apos; only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Labels are at most 100 characters long.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Automatic (%1, from the labels)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QueueSyncJob</name>
    <message>
        <source>&quot;%1&quot; is not a repository of the form OWNER/NAME</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was not found on %2, or the token cannot see it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GitHub answered a comment query with an unexpected issue (#%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GitHub sent something other than a list of issues for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sync cancelled with %1 issues stored; the next sync continues from there</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReferenceCorpusSyncJob</name>
    <message>
        <source>Reference corpus, %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the whole repository</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReplayChangeModel</name>
    <message>
        <source>Issue</source>
        <translation type="unfinished">Issue</translation>
    </message>
    <message>
        <source>New plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Before</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>After</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reviewer approved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Title</source>
        <translation type="unfinished">Titel</translation>
    </message>
    <message>
        <source>Same verdict as before</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Now agrees with the reviewer (disagreed before)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Now disagrees with the reviewer (agreed before)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✓ agree</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✓ agree (new)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✗ disagree (new)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✗ disagree</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReproDiffView</name>
    <message>
        <source>Original</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Minimized</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Original script</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Minimized script</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line %1: removed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>simplified from line %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>added</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReproOutputModel</name>
    <message>
        <source> … [%1 more characters not kept]</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 earlier line not kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 earlier lines not kept</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReproPanel</name>
    <message>
        <source>reproduces</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>crashed by signal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>different error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fails (no reported error to compare)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>passes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>timed out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot run here</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>environment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no pass/fail check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reproduction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run in sandbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished">Abbrechen</translation>
    </message>
    <message>
        <source>Colours</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Repro candidate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reported error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ExceptionClass: distinctive message part (none: any failure counts)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>I have read this code and consent to running it in the sandbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python environment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finding environments…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runs, to see whether it is flaky</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wall-clock limit per run; the whole process tree is killed when it passes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fix PYTHONHASHSEED, so runs differ only where the bug does</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Repro code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bubblewrap (bwrap) is not installed: repros run only inside its sandbox, so none can run here. Install the bubblewrap package and reopen the console.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bisect…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Find the version where the outcome changes, across the environments you choose</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Minimize</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shrink the script while it keeps failing the same way</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scrub report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Draft the comment and label changes for the issue, for the outbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Repro output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search output (Ctrl+F)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous match (Shift+F3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next match (F3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the whole output (Ctrl+C copies the selected lines)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Follow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep the newest output in view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show ANSI colours from the output; off strips them</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select an issue to find its reproduction.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reproduction · #%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Looking for a reproduction…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read stored results: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2%3 · %4 lines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown author</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (reporter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · %1 blocks joined</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only in screenshots</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No reproduction found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The issue shows no error to compare with</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reported in the %1:
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chosen by you; the playbook&apos;s choice was %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished">keine</translation>
    </message>
    <message>
        <source>Checking what it needs (GPUs, NCCL, packages) against this environment…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n CUDA GPU(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>no GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✓ Can run here (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the CPU variant instead (nccl→gloo, cuda→cpu, .cuda() dropped); the verdict says it ran as a variant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a pass/fail check: torch.testing.assert_close of the two printed results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No pass/fail check: the script only prints, so its exit code says nothing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;The security review failed&lt;/b&gt;: %1. Nothing runs unreviewed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reviewing the code (Python&apos;s &lt;code&gt;ast&lt;/code&gt;)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the author</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no association</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is %2: trusted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is %2: &lt;b&gt;not trusted&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;The code does not parse&lt;/b&gt; — %1. It is reported, not run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✓ Scan clean · %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line %1 · &lt;b&gt;%2&lt;/b&gt; · %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>⚠ 1 finding · %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>⚠ %1 findings · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needed because %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The hang&apos;s innermost frame in this script (stacks dumped before the timeout)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On the hung stack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run it %1 times in the sandbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ready. Last run %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ready to run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No Python found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · expecting %2%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the reported hang</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>any failure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · running a variant, not the code as posted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running %1 of %2 in the sandbox…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 of %2: %3 %4 — %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Starting the sandbox…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled; the sandbox and everything in it were stopped. Nothing stored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not stored: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The sandbox refused: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Done; stored with #%1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not run yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no torch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torch %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 run in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 runs in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run with the consent of %1 at %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>output tail kept from %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>today %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>hang reproduced</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not found</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset Dynamo between compiles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Extra environment variables</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Variables, e.g. TORCH_LOGS=+dynamo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Extra environment variables for the runs, NAME=VALUE separated by spaces — TORCH_LOGS=+dynamo shows what Dynamo did when an error is unclear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator probe</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ask DTensor what it does with the op the issue names: every placement on a CPU mesh of 2 and 4 ranks, compared with the single-device result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the output of</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show every rank&apos;s output, or one rank&apos;s (with the console&apos;s notes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No pass/fail check: the reported graph break or recompile shows only in compile logs; the script does not make it fail (fullgraph=True would).</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Add torch._dynamo.reset() before %n of its compiled calls, so in-memory Dynamo state does not carry over from one compile to the next</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source> · with %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · torch._dynamo.reset() between compiles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>with %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All ranks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReproReductionPanel</name>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>● reproduces</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✓ passes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>⊘ skipped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished">Abbrechen</translation>
    </message>
    <message>
        <source>◂ Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Back to the run and its output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bisect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Minimize</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scrub report</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop; a minimization keeps the best script so far, a bisection what it knows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Environments to bisect across</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The environments to bisect across; they are ordered by the package&apos;s version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Package whose version orders the environments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> a round</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Environments probed in parallel per round (the playbook&apos;s two or three)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Environment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Round</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Detail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bisection probes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Package</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Probes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Environments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rounds and probes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stop at </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> lines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>smallest possible</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The playbook stops under ~20 lines of code (imports and blank lines do not count); 0 shrinks as far as it goes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Current best</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The smallest script so far that still fails the same way</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Simplifications kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kept, newest first</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Draft again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Draft the report anew from the findings (your edits to the comment go)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comment to post</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No comment will be posted.</source>
        <translation type="unfinished">Es wird kein Kommentar gepostet.</translation>
    </message>
    <message>
        <source>Send to outbox</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not sent: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comment (editable)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Labels and state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Minimize shrinks the script, statement by statement, while it keeps failing the same way; the original is kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No issue selected.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The repro cannot run now (see the run page).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check at least two environments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bisect across the %1 checked environments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Minimize again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Shrink the script while it fails the same way</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No outbox: the console has no store open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The queue is not a GitHub repository&apos;s: nothing of it goes to the outbox.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Draft the report first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to send: the report changes nothing on the issue.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wait for the bisection or minimization to end (or cancel it).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queue it in the outbox; nothing reaches GitHub until you submit it there</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check at least two environments to bisect across.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Round %1: probing %2…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Looking up %1 in %2 environments…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Round %1: %2 runs so far; %3 %4 %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>—</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;The bisection failed&lt;/b&gt;: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (or %1, which could not run)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> or </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Fixed&lt;/b&gt; — first good: &lt;b&gt;%1 %2&lt;/b&gt;%3 · last bad: &lt;b&gt;%1 %4&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Regression&lt;/b&gt; — first bad: &lt;b&gt;%1 %2&lt;/b&gt;%3 · last good: &lt;b&gt;%1 %4&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;No change&lt;/b&gt;: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 in %2 across %3 environments, %4 at a time, in %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 round</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 rounds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; %1 skipped (could not run the repro)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> — cancelled: what is known so far</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bisection cancelled.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bisection done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Current best · the original: %1 lines of code, %2 non-blank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Current best · %1 lines of code (of %2), %3 non-blank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>−%1 lines · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>−1 line · %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>simpler · %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running the original to learn its failure and timing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Minimizing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Round %1 · %2 pass</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2 runs · best %3 of %4 lines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · last kept: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Minimizing… %1 runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing minimized: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Minimization stopped: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Original · %1 lines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Best so far (cancelled) · %1 lines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Minimized · %1 lines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>crash kept: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failure kept: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 → %2 lines of code (non-blank %3 → %4) · %5 · %6 · %7 · %8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · flaky original (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled; the best so far is kept. </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Already minimal: nothing smaller fails the same way. </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Minimization cancelled; best so far kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Minimization done.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Still reproduces</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No longer reproduces</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A different error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inconclusive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No runnable repro</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Already closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the run of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the bisection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the minimized repro</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>from no findings yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>from %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>↻ triaged (remove, then add)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>close as completed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No label or state changes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In the outbox as entry %1, but blocked by a queue rule: see the outbox.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In the outbox as entry %1 (%2): approve and submit it there; nothing went to GitHub yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trigger conditions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All of the following are necessary to trigger the bug — one per line, only new findings (Draft again)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Looking for the fixing PR in the issue&apos;s cross-references…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The fixing PR is not known: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No merged PR closes or cross-references the issue, and no commit between the versions names it: the report names the version.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fixing PR: #%1 “%2”, merged %3 (from %4).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not actionable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>close as not planned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Next:&lt;/b&gt; %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReproSession</name>
    <message>
        <source>No issue selected.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bubblewrap is not installed; nothing runs outside its sandbox.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Looking for a reproduction…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not actionable: %1 (%2). Go on anyway to run it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recently confirmed by @%1 (%2): re-verify, or skip to minimization.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The code is only in screenshots: nothing to run (needs reproduction).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No reproduction in the issue: nothing to run (needs reproduction).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The security review failed; nothing runs unreviewed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reviewing the code…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The code does not parse; it is reported, not run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs your consent: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Finding Python environments…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No Python environment to run in.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That environment is unavailable: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Variables: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>run %1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReviewDecisionCommand</name>
    <message>
        <source>%1 #%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#%1 is already being written to GitHub; the outbox keeps it</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ReviewShortcuts</name>
    <message>
        <source>Triage Console</source>
        <translation type="unfinished">Triage Console</translation>
    </message>
    <message>
        <source>Review</source>
        <translation type="unfinished">Prüfung</translation>
    </message>
</context>
<context>
    <name>SandboxRunner</name>
    <message>
        <source>bubblewrap (bwrap) is not installed; repros only run inside it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (util-linux) is missing; it sets the sandbox limits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the repro %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The script name %1 is not a plain file name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot create the sandbox work dir: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot copy the repro into the sandbox: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot copy %1 into the sandbox.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write the sandbox&apos;s passwd and group files.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot create the sandbox status pipe.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bubblewrap could not start: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bubblewrap exited with %1 before starting the repro.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ScoreboardChart</name>
    <message>
        <source>all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Precision vs coverage per confidence tier</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Agreement per week</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Most overridden rules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 and above: coverage %2, precision %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>week of %1: %2 of %3 agreed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: overridden %2 of %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to show yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No rule has been overridden.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No scored decisions yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>precision ↑   coverage →</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>issues agreed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>labels kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ScoreboardExporter</name>
    <message>
        <source>all profiles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>## Scoreboard — %1%2

</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, pack %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 issues reviewed: %2 scored (%3 approved as suggested, %4 edited), %5 skipped. The suggestion agreed with the final labels on **%6** (%7 of %2); %8 written to GitHub, %9 overridden there later.

</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>### Precision and coverage per confidence tier

| tier | issues | at or above | coverage | precision | label acceptance |
|---|---:|---:|---:|---:|---:|
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> | suggested | accepted | acceptance | overridden | added unsuggested | issues overridden |
|---|---:|---:|---:|---:|---:|---|
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Most overridden rules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Acceptance per label</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>label</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Acceptance per sub-oncall</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sub-oncall</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>
### Per week

| week of | decided | agreed | agreement | label acceptance | skipped |
|---|---:|---:|---:|---:|---:|
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 agree, %2 disagree</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ScoreboardPage</name>
    <message>
        <source>built-in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pack not recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 · %2 — %n decisions</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>no profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>and %1 more (all of them in the CSV export)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scoreboard</source>
        <translation type="unfinished">Auswertung</translation>
    </message>
    <message>
        <source>Export markdown…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save pack as…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Try the checked edits in the what-if</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile and pack version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overridden rules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Labels</source>
        <translation type="unfinished">Labels</translation>
    </message>
    <message>
        <source>Sub-oncalls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rules</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Confidence tiers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weeks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open pack…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What-if</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a changed rubric pack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rubric packs (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the edited pack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Suggested edits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replays a changed pack over every decided issue. Open a pack file, or try suggested edits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reading the decided issues…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No store: decisions are kept only when the console has a store file (--store).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The scoreboard cannot read the store: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No review decisions in this store yet: approve (a), edit (e) or skip (s) issues in the queue, and their figures show here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the decided issues: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No pack edit to suggest for the %1 rubric: no module label was added or removed by reviewers on at least two issues sharing words the others lack.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>From repeated overrides of the %1 rubric. Check the ones to try: the what-if replays them over every decided issue. Nothing changes a pack until you save it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Issues: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>All profiles — %n decisions</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 — every pack version, %n decisions</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Rule</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Label</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sub-oncall</source>
        <translation type="unfinished">Sub-Oncall</translation>
    </message>
    <message>
        <source>agreed in full (%1 of %2 scored)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>approved as suggested, %1 edited</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>precision at HIGH, coverage %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>overridden on GitHub after a sync (%1 written)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>skipped, %1 unscored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overridden on: %1   &lt;i&gt;(click one to open it in the queue)&lt;/i&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What-if pack: %1 (%2, version %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (edited)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>What-if pack: the %1 rubric with %n suggested edit(s) (%2) — not saved</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Replaying…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; decided issues replayed, &lt;b&gt;%2&lt;/b&gt; would change: &lt;b&gt;%3&lt;/b&gt;. With the new pack %4 agree and %5 disagree with what the reviewers approved (before: %6 and %7).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> %1 decided issues are not in the store and were left out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What-if pack saved to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export the scoreboard as markdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export the scoreboard as CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ScrubGateBox</name>
    <message>
        <source>Skip to minimization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take the recent confirmation as the run and go straight to minimizing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>⛔ &lt;b&gt;%1&lt;/b&gt; — %2: “%3”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · the report adds %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · the report suggests closing as not planned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>↻ &lt;b&gt;Recently confirmed&lt;/b&gt; by @%1 on %2 (%3): “%4”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You went on; the report lists these first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The scrub playbook stops here: nothing runs unless you go on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A comment of the last six months confirms it: re-verify, or skip ahead to minimization?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Go on anyway</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re-verify</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SearchDialog</name>
    <message>
        <source>Search the store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nccl timeout · &quot;graph break&quot; · title: fsdp · signature: KeyError · shard* NOT docs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>labels, comma-separated (all of them)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open and closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open</source>
        <translation type="unfinished">Offen</translation>
    </message>
    <message>
        <source>Closed</source>
        <translation type="unfinished">Geschlossen</translation>
    </message>
    <message>
        <source>Type to search every issue in the store.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search needs the local store: open a queue synced from GitHub (Ctrl+O).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing matches.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 issue</source>
        <translation type="unfinished">1 Issue</translation>
    </message>
    <message>
        <source> · %1 ms · Enter opens the selected one</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n issues</source>
        <translation type="unfinished">
            <numerusform>%n Issue</numerusform>
            <numerusform>%n Issues</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SimilarIssuesPanel</name>
    <message>
        <source>Similar issues</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why it matches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Comment &quot;Duplicate of #N&quot; and close as duplicate, through the outbox (d)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Similar issues come from the local store: open a queue synced from GitHub (Ctrl+O).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Similar to #%1 · looking…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Similar to #%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Similar to #%1 · nothing in the store is close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Similar to #%1 · %2 matches, %3 open · %4 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open #%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open</source>
        <translation type="unfinished">Offen</translation>
    </message>
    <message>
        <source>Mark as duplicate of #%1  (d)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mark as duplicate  (d)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error signature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>traceback frames</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>title words</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>code names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>body words</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>comment words</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>, +%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why #%1 matches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The match · %1 · %2 · opened %3 ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This issue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No match selected to mark this issue a duplicate of.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Press d again to mark it a duplicate of closed #%1.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SimilarMatchModel</name>
    <message>
        <source>today</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 d</source>
        <translation type="unfinished">%1 T</translation>
    </message>
    <message>
        <source>%1 mo</source>
        <translation type="unfinished">%1 Mon</translation>
    </message>
    <message>
        <source>%1 y</source>
        <translation type="unfinished">%1 J</translation>
    </message>
    <message>
        <source>open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#%1, %2, %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>#</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Title</source>
        <translation type="unfinished">Titel</translation>
    </message>
    <message>
        <source>Labels</source>
        <translation type="unfinished">Labels</translation>
    </message>
    <message>
        <source>Age</source>
        <translation type="unfinished">Alter</translation>
    </message>
    <message>
        <source>Matched on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Score</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SnoozeCommand</name>
    <message>
        <source>Snooze #%1</source>
        <translation>#%1 zurückstellen</translation>
    </message>
    <message>
        <source>Wake #%1</source>
        <translation>#%1 zurückholen</translation>
    </message>
</context>
<context>
    <name>SnoozeController</name>
    <message>
        <source>Snoozing needs the local store.</source>
        <translation>Zurückstellen braucht den lokalen Speicher.</translation>
    </message>
    <message>
        <source>until it changes on GitHub</source>
        <translation>bis es sich auf GitHub ändert</translation>
    </message>
    <message>
        <source>until %1</source>
        <translation>bis %1</translation>
    </message>
    <message>
        <source>Snooze #%1</source>
        <translation>#%1 zurückstellen</translation>
    </message>
    <message>
        <source>Wake it now (snoozed %1)</source>
        <translation>Jetzt zurückholen (zurückgestellt %1)</translation>
    </message>
    <message>
        <source>#%1 is back in the queue</source>
        <translation>#%1 ist wieder in der Warteschlange</translation>
    </message>
    <message>
        <source>For 3 hours</source>
        <translation>Für 3 Stunden</translation>
    </message>
    <message>
        <source>Until tomorrow, %1</source>
        <translation>Bis morgen, %1</translation>
    </message>
    <message>
        <source>Until %1</source>
        <translation>Bis %1</translation>
    </message>
    <message>
        <source>Until a date…</source>
        <translation>Bis zu einem Datum…</translation>
    </message>
    <message>
        <source>Until it changes on GitHub</source>
        <translation>Bis es sich auf GitHub ändert</translation>
    </message>
    <message>
        <source>It comes back when a sync brings a new comment, label or edit.</source>
        <translation>Es kommt zurück, wenn eine Synchronisierung einen neuen Kommentar, ein Label oder eine Änderung bringt.</translation>
    </message>
    <message>
        <source>Snooze #%1 until…</source>
        <translation>#%1 zurückstellen bis…</translation>
    </message>
    <message>
        <source>Snooze</source>
        <translation>Zurückstellen</translation>
    </message>
    <message>
        <source>Snoozed #%1 %2; the Snoozed filter shows it (u undoes)</source>
        <translation>#%1 zurückgestellt %2; der Filter „Zurückgestellt“ zeigt es (u macht es rückgängig)</translation>
    </message>
</context>
<context>
    <name>SuggestionPanel</name>
    <message>
        <source>HIGH confidence</source>
        <translation>HOHE Konfidenz</translation>
    </message>
    <message>
        <source>MEDIUM confidence</source>
        <translation>MITTLERE Konfidenz</translation>
    </message>
    <message>
        <source>LOW confidence</source>
        <translation>NIEDRIGE Konfidenz</translation>
    </message>
    <message>
        <source>no confidence</source>
        <translation>keine Konfidenz</translation>
    </message>
    <message>
        <source>Suggestion</source>
        <translation>Vorschlag</translation>
    </message>
    <message>
        <source>Triage again</source>
        <translation>Erneut triagieren</translation>
    </message>
    <message>
        <source>The queue already processed this issue (it carries its marker label); plan it as if it were new.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sub-oncall</source>
        <translation>Sub-Oncall</translation>
    </message>
    <message>
        <source>Add a label</source>
        <translation>Label hinzufügen</translation>
    </message>
    <message>
        <source>Add a label… (type to filter)</source>
        <translation>Label hinzufügen… (Tippen filtert)</translation>
    </message>
    <message>
        <source>Click a reason to see its evidence in the issue</source>
        <translation>Einen Grund anklicken, um seinen Beleg im Issue zu sehen</translation>
    </message>
    <message>
        <source>Proposed comment</source>
        <translation>Vorgeschlagener Kommentar</translation>
    </message>
    <message>
        <source>No comment will be posted.</source>
        <translation>Es wird kein Kommentar gepostet.</translation>
    </message>
    <message>
        <source>aਊpprove  ·  eꃭit  ·  s&#xa0;skip  ·  u&#xa0;undo  ·  j/⁠k&#xa0;move  ·  ?&#xa0;keys</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Labels</source>
        <translation>Labels</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Warum</translation>
    </message>
    <message>
        <source>%1  · outside the pack</source>
        <translation>%1  · nicht im Regelwerk</translation>
    </message>
    <message>
        <source>Not in the %1 pack&apos;s allowlist: the guardrails block it.</source>
        <translation>Nicht in der Positivliste des Regelwerks %1: die Schutzregeln blockieren es.</translation>
    </message>
    <message>
        <source>Select an issue to see the engine&apos;s suggestion.</source>
        <translation>Ein Issue auswählen, um den Vorschlag der Engine zu sehen.</translation>
    </message>
    <message>
        <source>Triaging #%1…</source>
        <translation>Triagiere #%1…</translation>
    </message>
    <message>
        <source>#%1 · %2%3%4%5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 rubric · </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · template %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · closes the issue as not planned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · closes the issue as completed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No sub-oncall</source>
        <translation>Kein Sub-Oncall</translation>
    </message>
    <message>
        <source>  in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show in the issue</source>
        <translation>Im Issue zeigen</translation>
    </message>
    <message>
        <source>Not from the text</source>
        <translation>Nicht aus dem Text</translation>
    </message>
    <message>
        <source>No rule fired.</source>
        <translation>Keine Regel hat gegriffen.</translation>
    </message>
    <message>
        <source>%1, added</source>
        <translation>%1, hinzugefügt</translation>
    </message>
    <message>
        <source>%1, not added</source>
        <translation>%1, nicht hinzugefügt</translation>
    </message>
    <message>
        <source>Use “%1” instead</source>
        <translation>Stattdessen „%1“ verwenden</translation>
    </message>
    <message>
        <source>not needed: the repro reproduces (%1/%2 runs, torch %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <source>the repro is only in screenshots: ask for copyable code (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no runnable reproduction in the issue or its comments (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the latest repro run did not reproduce (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Repro: %1 · %2 · %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no torch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>torch %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Repro: found in the %1, not run yet (r opens the Repro tab)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Repro: only in screenshots</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Repro: none found in the issue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Operator asked about: %1, from %2: “%3”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>also %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Repro tab › Operator probe tries it on DTensor.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DTensor&apos;s missing-strategy error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the title</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an aten name in the text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a torch call in the code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a functional call in the code</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SyncStatusWidget</name>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Syncing…</source>
        <translation>Synchronisiere…</translation>
    </message>
    <message>
        <source>issues %1/%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>issues %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · comments %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting %1 s before trying again (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Offline: %1. Showing the queue as stored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sync failed: %1. Showing the queue as stored.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retry sync</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sync cancelled</source>
        <translation>Synchronisierung abgebrochen</translation>
    </message>
    <message>
        <source>Synced %1</source>
        <translation>Synchronisiert %1</translation>
    </message>
    <message>
        <source>Not synced yet</source>
        <translation>Noch nicht synchronisiert</translation>
    </message>
    <message>
        <source>Offline · %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>API %1/%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GitHub %1 budget: %2 requests left; resets at %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an unknown time</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TokenSettingsDialog</name>
    <message>
        <source>&amp;Test</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save to Keyring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GitHub Token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ghp_… or github_pat_…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keyring: no token saved for %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keyring: a token saved for %1 as %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In use:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Token:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None for %1. Save one below, set %2, or sign in with gh auth login --hostname %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> or </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A token for %1 from %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A token for %1 from the keyring, saved as %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It is sent to %1 only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Asking %1 who this token belongs to…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The token does not work: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GitHub answered without a login.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Works: signed in as %1 (fine-grained token; no classic scopes).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Works: signed in as %1 · scopes: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 Saved to the keyring.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not removed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Removed from the keyring.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>TokenStatusLabel</name>
    <message>
        <source>GitHub.com</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GitHub Enterprise Cloud, GHE.com</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GitHub development host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GitHub Enterprise Server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the keyring</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GitHub CLI&apos;s login (gh auth token)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the %1 environment variable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save one in GitHub Token…, set %1, or sign in with gh auth login --hostname %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> or </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Token for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Token for %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The token for %1 (%2) comes from %3. It is sent to %1 only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No token for %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No token for %1 (%2): public data only, nothing written. %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
