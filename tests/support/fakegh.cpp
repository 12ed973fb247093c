// SPDX-License-Identifier: MIT
#include "tests/support/fakegh.h"

#include <QFile>

using namespace Qt::StringLiterals;

namespace FakeGh {

bool write(const QString &dir, const QStringList &loggedIn)
{
    QFile script(dir + u"/gh"_s);
    if (!script.open(QIODevice::WriteOnly))
        return false;
    QByteArray patterns;
    for (const QString &host : loggedIn)
        patterns += "  " + host.toUtf8() + ") echo \"gho_for_$4\"; exit 0 ;;\n";
    // Shell built-ins only, so that it runs with nothing else on PATH.
    script.write("#!/bin/sh\n"
                 "printf '%s\\n' \"${GH_TOKEN:+GH_TOKEN }${GITHUB_TOKEN:+GITHUB_TOKEN }"
                 "${GH_ENTERPRISE_TOKEN:+GH_ENTERPRISE_TOKEN }${GITHUB_ENTERPRISE_TOKEN:+GITHUB_ENTERPRISE_TOKEN}\" "
                 ">> \"${0%/*}/variables-seen\"\n"
                 "[ \"$1 $2 $3\" = \"auth token --hostname\" ] || exit 3\n"
                 "case \"$4\" in\n" +
                 patterns +
                 "esac\n"
                 "echo \"no oauth token found for $4\" >&2\n"
                 "exit 1\n");
    script.close();
    return script.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
}

QString tokenFor(const QString &host)
{
    return u"gho_for_"_s + host;
}

QString variablesSeen(const QString &dir)
{
    QFile seen(dir + u"/variables-seen"_s);
    if (!seen.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(seen.readAll()).simplified();
}

} // namespace FakeGh
