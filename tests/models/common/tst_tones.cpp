// SPDX-License-Identifier: MIT
#include "models/common/tones.h"

#include <QTest>

#include <cmath>

namespace {

// WCAG 2 relative luminance and contrast ratio.
double luminance(const QColor &c)
{
    const auto channel = [](double v) { return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}

double contrast(const QColor &a, const QColor &b)
{
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

} // namespace

// The one tone table: every tone reads on its own surface in both modes, and the dark shades are dark.
class tst_Tones : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readsOnItsSurface_data();
    void readsOnItsSurface();
};

void tst_Tones::readsOnItsSurface_data()
{
    QTest::addColumn<int>("toneValue");
    QTest::addColumn<bool>("dark");
    const std::pair<const char *, Tone> tones[] = {
        {"neutral", Tone::Neutral}, {"info", Tone::Info},   {"ok", Tone::Ok},           {"warning", Tone::Warning},
        {"problem", Tone::Problem}, {"added", Tone::Added}, {"removed", Tone::Removed},
    };
    for (const auto &[name, tone] : tones) {
        QTest::addRow("%s light", name) << int(tone) << false;
        QTest::addRow("%s dark", name) << int(tone) << true;
    }
}

void tst_Tones::readsOnItsSurface()
{
    QFETCH(int, toneValue);
    const auto tone = Tone(toneValue);
    QFETCH(bool, dark);
    const QColor surface = Tones::surface(tone, dark);
    const QColor text = Tones::onSurface(tone, dark);
    QVERIFY(surface.isValid() && text.isValid());
    QVERIFY2(contrast(surface, text) >= 4.5, qPrintable(QString::number(contrast(surface, text))));
    // The surface and the mark sit on the mode's base: light in light mode, dark in dark mode.
    QCOMPARE(surface.lightness() < 128, dark);
    QCOMPARE(Tones::mark(tone, dark).lightness() < 128, dark);
    // Text in the tone stands out from the surface of a neutral box of the same mode.
    if (tone != Tone::Neutral)
        QVERIFY(contrast(Tones::text(tone, dark), Tones::surface(Tone::Neutral, dark)) >= 3.0);
    QVERIFY(Tones::dot(tone).isValid());
}

QTEST_GUILESS_MAIN(tst_Tones)
#include "tst_tones.moc"
