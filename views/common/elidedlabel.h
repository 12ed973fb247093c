// SPDX-License-Identifier: MIT
#pragma once

#include <QLabel>

// A one-line label that ends in "…" when it is narrower than its text, instead of cutting a word in half. It
// never asks for the width of its text: it takes the room there is (the whole text belongs in its tooltip).
class ElidedLabel final : public QLabel
{
    Q_OBJECT

public:
    using QLabel::QLabel;

    // What the label draws at its current width.
    QString shownText() const;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
};
