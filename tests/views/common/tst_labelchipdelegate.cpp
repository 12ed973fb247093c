// SPDX-License-Identifier: MIT
#include "views/common/apppalette.h"
#include "views/common/labelchipdelegate.h"

#include <QApplication>
#include <QTest>

using namespace Qt::StringLiterals;

// Chips in GitHub's label colours stay readable in both schemes.
class tst_LabelChipDelegate : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void contrastRatioIsWcags_data();
    void contrastRatioIsWcags();
    void gitHubColoursAreReadable_data();
    void gitHubColoursAreReadable();
    void knownColoursWinOverFamilies();
};

void tst_LabelChipDelegate::contrastRatioIsWcags_data()
{
    QTest::addColumn<QColor>("a");
    QTest::addColumn<QColor>("b");
    QTest::addColumn<double>("ratio");
    QTest::addRow("black on white") << QColor(Qt::black) << QColor(Qt::white) << 21.0;
    QTest::addRow("same colour") << QColor(u"#d73a4a"_s) << QColor(u"#d73a4a"_s) << 1.0;
    // WebAIM's checker: #777777 on white is 4.48:1.
    QTest::addRow("grey on white") << QColor(u"#777777"_s) << QColor(Qt::white) << 4.48;
}

void tst_LabelChipDelegate::contrastRatioIsWcags()
{
    QFETCH(QColor, a);
    QFETCH(QColor, b);
    QFETCH(double, ratio);
    QVERIFY2(qAbs(LabelChipDelegate::contrastRatio(a, b) - ratio) < 0.01,
             qPrintable(QString::number(LabelChipDelegate::contrastRatio(a, b))));
    QCOMPARE(LabelChipDelegate::contrastRatio(a, b), LabelChipDelegate::contrastRatio(b, a));
}

void tst_LabelChipDelegate::gitHubColoursAreReadable_data()
{
    QTest::addColumn<bool>("dark");
    QTest::addColumn<QColor>("color");
    // GitHub's default label colours and the extremes.
    const QStringList colours = {u"d73a4a"_s, u"0075ca"_s, u"cfd3d7"_s, u"a2eeef"_s, u"7057ff"_s, u"008672"_s,
                                 u"e4e669"_s, u"d876e3"_s, u"ffffff"_s, u"000000"_s, u"fbca04"_s, u"0e8a16"_s,
                                 u"1d76db"_s, u"b60205"_s, u"5319e7"_s, u"c5def5"_s, u"808080"_s, u"ededed"_s};
    for (const bool dark : {false, true}) {
        for (const QString &colour : colours)
            QTest::addRow("%s %s", dark ? "dark" : "light", qPrintable(colour)) << dark << QColor(u'#' + colour);
    }
    // Every 7th of the 4,096 12-bit colours too.
    for (const bool dark : {false, true}) {
        for (int rgb = 0; rgb < 4096; rgb += 7)
            QTest::addRow("%s #%03x", dark ? "dark" : "light", rgb)
                << dark << QColor((rgb >> 8) * 17, ((rgb >> 4) & 15) * 17, (rgb & 15) * 17);
    }
}

void tst_LabelChipDelegate::gitHubColoursAreReadable()
{
    QFETCH(bool, dark);
    QFETCH(QColor, color);
    const QPalette palette = dark ? AppPalette::dark() : AppPalette::light();
    const LabelChipDelegate::ChipColors chip = LabelChipDelegate::colorsForGitHub(color, palette);
    const qreal ratio = LabelChipDelegate::contrastRatio(chip.text, chip.background);
    QVERIFY2(ratio >= 4.5,
             qPrintable(u"text %1 on %2: %3:1"_s.arg(chip.text.name(), chip.background.name()).arg(ratio, 0, 'f', 2)));
    if (!dark) {
        QCOMPARE(chip.background.name(), color.name()); // the label's own colour, as on GitHub
    } else {
        // A tint of the dark window: never a light block in a dark window.
        QVERIFY2(chip.background.lightnessF() < 0.45, qPrintable(chip.background.name()));
        // The text keeps the label's hue (greys have none).
        if (color.hslSaturationF() > 0.2 && chip.text.lightnessF() < 0.98)
            QVERIFY2(qAbs(chip.text.hslHueF() - color.hslHueF()) < 0.02,
                     qPrintable(u"%1 from %2"_s.arg(chip.text.name(), color.name())));
    }
}

void tst_LabelChipDelegate::knownColoursWinOverFamilies()
{
    const QPalette palette = AppPalette::light();
    // Without a GitHub colour, the family's (module: blue, oncall: violet).
    LabelChipDelegate::setGitHubColors({});
    const QColor family = LabelChipDelegate::colorsFor(u"module: c10d"_s, palette).background;
    QCOMPARE(family, LabelChipDelegate::colorsForHue(212, palette).background);
    LabelChipDelegate::setGitHubColors({{u"Module: C10D"_s, QColor(u"#f7e101"_s)}});
    QCOMPARE(LabelChipDelegate::colorsFor(u"module: c10d"_s, palette).background, QColor(u"#f7e101"_s));
    QCOMPARE(LabelChipDelegate::colorsFor(u"oncall: distributed"_s, palette).background,
             LabelChipDelegate::colorsForHue(265, palette).background);
    // Another repository: its colours replace these.
    LabelChipDelegate::setGitHubColors({{u"oncall: distributed"_s, QColor(u"#1d76db"_s)}});
    QCOMPARE(LabelChipDelegate::colorsFor(u"module: c10d"_s, palette).background, family);
    QCOMPARE(LabelChipDelegate::colorsFor(u"oncall: distributed"_s, palette).background, QColor(u"#1d76db"_s));
    LabelChipDelegate::setGitHubColors({});
}

QTEST_MAIN(tst_LabelChipDelegate)
#include "tst_labelchipdelegate.moc"
