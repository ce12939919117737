/* hp-run.h — one loaded run: a trace, how it was loaded, its label and colour.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include <glib-object.h>

#include "hp-loader.h"
#include "hp-trace.h"

G_BEGIN_DECLS

#define HP_TYPE_RUN (hp_run_get_type ())

G_DECLARE_FINAL_TYPE (HpRun, hp_run, HP, RUN, GObject)

HpRun             *hp_run_new (HpTrace           *trace,
                               const char *const *paths,
                               const char        *label,
                               guint              index);
HpTrace           *hp_run_get_trace (HpRun *self);
const char *const *hp_run_get_paths (HpRun *self);
const char        *hp_run_get_label (HpRun *self);
void               hp_run_set_label (HpRun      *self,
                                     const char *label);
const char        *hp_run_get_color (HpRun *self);
void               hp_run_set_color (HpRun      *self,
                                     const char *color);
HpMode             hp_run_get_mode (HpRun *self);
gboolean           hp_run_get_include_last_step (HpRun *self);
void               hp_run_get_load_options (HpRun         *self,
                                            HpLoadOptions *options);
gboolean           hp_run_has_paths (HpRun             *self,
                                     const char *const *paths);

char       *hp_run_default_label (const char *const *paths);
const char *hp_run_palette_color (guint index);

G_END_DECLS
