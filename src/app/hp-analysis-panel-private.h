/* hp-analysis-panel-private.h — what the files of HpAnalysisPanel share.
 *
 * The panel is one class in four files by job: hp-analysis-panel.c (the
 * class, the session and the refresh), -tables.c (table views and the
 * status lines), -charts.c (the chart grid) and -params.c (the controls
 * bound to analysis parameters).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-analysis-panel.h"
#include "hp-chart-grid.h"

G_BEGIN_DECLS

typedef struct
{
  const char          *name; /* interned */
  char                *title;
  HpAnalysisPanelFlags flags;
} PanelAnalysis;

/* a control of one analysis parameter (hp_analysis_panel_bind_param()) */
typedef struct
{
  const HpParamSpec *spec;
  GtkWidget         *widget; /* GtkSpinButton, GtkCheckButton or GtkEditable */
} BoundParam;

typedef struct
{
  /* Template widgets */
  GtkLabel    *title_label;
  GtkLabel    *description_label;
  GtkSpinner  *spinner;
  GtkBox      *controls_box;
  GtkBox      *summary_box;
  GtkBox      *charts_box;
  HpChartGrid *chart_grid;
  GtkExpander *more_expander;
  HpChartGrid *more_grid;
  GtkBox      *status_box;
  GtkBox      *tables_box;

  /* Owned references */
  HpSession  *session;
  char       *title;
  char       *description;
  GHashTable *views;        /* "analysis/table" → HpTableView */
  GPtrArray  *view_order;   /* HpTableView, as shown */
  GPtrArray  *chart_tables; /* HpTable, what the charts were made of */
  GPtrArray  *chart_views;  /* HpChartView, main grid first */

  GArray *bound_params; /* BoundParam: the controls of the panel's parameters */

  guint    syncing;
  gboolean requested;
  gboolean requesting; /* starting the analyses: one refresh at the end */
  gboolean stale;      /* results changed while the panel was not shown */
} HpAnalysisPanelPrivate;

HpAnalysisPanelPrivate *_hp_analysis_panel_get_private (HpAnalysisPanel *self);
GArray                 *_hp_analysis_panel_class_analyses (GType type);
gboolean                _hp_analysis_panel_same_order (GPtrArray *a,
                                                       GPtrArray *b);
void                    _hp_analysis_panel_refresh_if_stale (HpAnalysisPanel *self);

/* hp-analysis-panel-tables.c */
void         _hp_analysis_panel_add_status (HpAnalysisPanel     *self,
                                            const PanelAnalysis *analysis,
                                            const GError        *error);
HpTableView *_hp_analysis_panel_ensure_view (HpAnalysisPanel *self,
                                             const char      *key);
void         _hp_analysis_panel_keep_views_of (HpAnalysisPanel *self,
                                               const char      *name,
                                               GPtrArray       *order);
void         _hp_analysis_panel_clear_box (GtkBox *box);

/* hp-analysis-panel-charts.c */
void     _hp_analysis_panel_filter_charts (HpAnalysisPanel *self);
void     _hp_analysis_panel_clear_charts (HpAnalysisPanel *self);
void     _hp_analysis_panel_update_charts (HpAnalysisPanel *self);
gboolean _hp_analysis_panel_real_export_chart (HpAnalysisPanel *self);
void     _hp_analysis_panel_real_add_charts (HpAnalysisPanel *self);

/* hp-analysis-panel-params.c */
void _hp_analysis_panel_sync_controls (HpAnalysisPanel *self);

G_END_DECLS
