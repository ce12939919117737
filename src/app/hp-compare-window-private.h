/* hp-compare-window-private.h — what the files of HpCompareWindow share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "hp-chart-grid.h"
#include "hp-compare-ops-diff.h"
#include "hp-compare-session.h"
#include "hp-compare-timelines.h"
#include "hp-compare-window.h"
#include "hp-table-view.h"
#include "hp-tree-diff-view.h"

G_BEGIN_DECLS

struct _HpCompareWindow
{
  GtkApplicationWindow parent_instance;

  AdwToastOverlay    *toast_overlay;
  GtkStack           *stack;
  GtkLabel           *status_label;
  GtkProgressBar     *progress_bar;
  GtkLabel           *error_label;
  GtkWidget          *error_button;
  GtkNotebook        *notebook;
  GtkLabel           *findings_label;
  HpChartGrid        *summary_grid;
  GtkLabel           *absent_note;
  GtkWidget          *memory_box;
  HpTableView        *memory_view;
  GtkLabel           *memory_note;
  HpTableView        *memory_timeline_view;
  GtkWidget          *communication_box;
  HpTableView        *communication_view;
  HpTableView        *collectives_view;
  HpCompareOpsDiff   *ops_diff;
  HpTreeDiffView     *tree_view;
  HpCompareTimelines *timelines;

  GStrv             paths;
  GStrv             labels;
  guint             n_runs;
  guint             baseline; /* the run every other is compared with */
  GPtrArray        *runs;     /* HpRun, NULL until loaded: the comparison's label and colour */
  GPtrArray        *shared;   /* HpRun, the application's run of the same trace, or NULL */
  GPtrArray        *loaders;  /* HpTraceLoader, while a run loads, or NULL */
  HpCompareSession *session;  /* once every run is in */
  guint             n_pending;
  GPtrArray        *tables; /* of hp_compare_runs() */
  GCancellable     *cancellable;
  char             *error;
  char             *findings;
  char             *last_saved; /* the text of the last export's toast */
  guint             n_charts;
  gboolean          busy;
};

void hp_compare_window_show_error (HpCompareWindow *self,
                                   const char      *message);
void hp_compare_window_all_loaded (HpCompareWindow *self);
void hp_compare_window_start_loading (HpCompareWindow *self);

G_END_DECLS
