/* hp-chart-tr-private.h — the words charts paint, in the language asked for.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The CLI writes its charts and timelines in English, as it writes its
 * tables; the app asks for them in its own language (a gettext domain set on
 * the painter or passed to hp_chart_adapt_table_translated()). Titles, axis
 * titles, legend words and hit texts are marked with N_() and looked up in
 * @domain here; values from the tables are never translated. */
static inline const char *_hp_chart_tr (const char *domain,
                                        const char *msgid) G_GNUC_FORMAT (2);

static inline const char *
_hp_chart_tr (const char *domain,
              const char *msgid)
{
  return domain != NULL ? g_dgettext (domain, msgid) : msgid;
}

G_END_DECLS
