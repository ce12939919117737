/* hp-compare-dialog.h — the Compare Runs dialog: 2 to 8 runs, each with a label.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "hp-compare-window.h"

G_BEGIN_DECLS

#define HP_TYPE_COMPARE_DIALOG (hp_compare_dialog_get_type ())

G_DECLARE_FINAL_TYPE (HpCompareDialog, hp_compare_dialog, HP, COMPARE_DIALOG, GtkWindow)

HpCompareDialog *hp_compare_dialog_new (GtkApplication    *application,
                                        GtkWindow         *parent,
                                        const char *const *paths);
void             hp_compare_dialog_choose_runs (HpCompareDialog *self);
void             hp_compare_dialog_add_run (HpCompareDialog *self,
                                            const char      *path);
void             hp_compare_dialog_remove_run (HpCompareDialog *self,
                                               guint            run);
void             hp_compare_dialog_move_run (HpCompareDialog *self,
                                             guint            from,
                                             guint            to);
void             hp_compare_dialog_set_baseline (HpCompareDialog *self,
                                                 guint            run);
guint            hp_compare_dialog_get_baseline (HpCompareDialog *self);
const char      *hp_compare_dialog_get_path (HpCompareDialog *self,
                                             guint            run);
guint            hp_compare_dialog_get_n_runs (HpCompareDialog *self);
const char      *hp_compare_dialog_get_label (HpCompareDialog *self,
                                              guint            run);
void             hp_compare_dialog_set_label (HpCompareDialog *self,
                                              guint            run,
                                              const char      *label);
const char      *hp_compare_dialog_get_problem (HpCompareDialog *self);
HpCompareWindow *hp_compare_dialog_compare (HpCompareDialog *self);

G_END_DECLS
