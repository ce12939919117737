/* hp-health-view.h — the trace health report in the app: a list of findings and marks on the tabs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "hp-core.h"

G_BEGIN_DECLS

void hp_health_view_fill (GtkBox         *box,
                          HpHealthReport *report);
void hp_health_view_mark_tabs (GtkNotebook    *notebook,
                               HpHealthReport *report);

G_END_DECLS
