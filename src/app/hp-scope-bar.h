/* hp-scope-bar.h — the bar above the tabs that says and sets what part of
 * the trace every analysis shows.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "hp-session.h"

G_BEGIN_DECLS

#define HP_TYPE_SCOPE_BAR (hp_scope_bar_get_type ())

G_DECLARE_FINAL_TYPE (HpScopeBar, hp_scope_bar, HP, SCOPE_BAR, GtkWidget)

GtkWidget  *hp_scope_bar_new (void);
void        hp_scope_bar_set_session (HpScopeBar *self,
                                      HpSession  *session);
const char *hp_scope_bar_get_text (HpScopeBar *self);

G_END_DECLS
