/* hp-analysis-panel.h — the base of every tab: controls, charts and tables of some analyses.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "hp-chart-view.h"
#include "hp-core.h"
#include "hp-session.h"
#include "hp-table-view.h"

G_BEGIN_DECLS

/**
 * HpAnalysisPanelFlags:
 * @HP_ANALYSIS_PANEL_SHOW_TABLES: show the analysis' tables (and its
 *   errors); without it the panel only reads the results
 * @HP_ANALYSIS_PANEL_SEVERAL_RANKS: ask for it only when the trace has
 *   several ranks (a panel reading what it says across ranks)
 */
typedef enum
{
  HP_ANALYSIS_PANEL_FLAGS_NONE = 0,
  HP_ANALYSIS_PANEL_SHOW_TABLES = 1 << 0,
  HP_ANALYSIS_PANEL_SEVERAL_RANKS = 1 << 1,
} HpAnalysisPanelFlags;

/**
 * HpAnalysisPanelChartFlags:
 * @HP_ANALYSIS_PANEL_CHART_DEFAULT: side by side with the next chart when
 *   the panel is wide enough
 * @HP_ANALYSIS_PANEL_CHART_WIDE: on a row of its own
 * @HP_ANALYSIS_PANEL_CHART_MORE: behind the "Show more charts" expander
 */
typedef enum
{
  HP_ANALYSIS_PANEL_CHART_DEFAULT = 0,
  HP_ANALYSIS_PANEL_CHART_WIDE = 1 << 0,
  HP_ANALYSIS_PANEL_CHART_MORE = 1 << 1,
} HpAnalysisPanelChartFlags;

#define HP_TYPE_ANALYSIS_PANEL (hp_analysis_panel_get_type ())

G_DECLARE_DERIVABLE_TYPE (HpAnalysisPanel, hp_analysis_panel, HP, ANALYSIS_PANEL, GtkWidget)

/**
 * HpAnalysisPanelClass:
 * @session_changed: the session or its parameters changed: show the
 *   parameters in the panel's controls (changes made here do not loop back)
 * @results_changed: a result of one of the panel's analyses arrived, failed
 *   or was dropped; read them with hp_analysis_panel_get_tables()
 * @export_chart: export the panel's main chart (Ctrl+E); return %FALSE
 *   when the panel has none. The default asks where to save the first
 *   chart shown.
 * @add_charts: add the charts of the current results with
 *   hp_analysis_panel_add_chart(); called once the panel's analyses are
 *   done and their tables differ from the last call, with the charts
 *   cleared. The default adds what hp_chart_adapt_table() draws for
 *   every table the panel shows.
 */
struct _HpAnalysisPanelClass
{
  GtkWidgetClass parent_class;

  void (*session_changed) (HpAnalysisPanel *self);
  void (*results_changed) (HpAnalysisPanel *self);
  gboolean (*export_chart) (HpAnalysisPanel *self);
  void (*add_charts) (HpAnalysisPanel *self);

  /*< private >*/
  gpointer padding[7];
};

void hp_analysis_panel_class_add_analysis (HpAnalysisPanelClass *klass,
                                           const char           *name,
                                           const char           *title,
                                           HpAnalysisPanelFlags  flags);

HpSession   *hp_analysis_panel_get_session (HpAnalysisPanel *self);
void         hp_analysis_panel_set_session (HpAnalysisPanel *self,
                                            HpSession       *session);
const char  *hp_analysis_panel_get_title (HpAnalysisPanel *self);
void         hp_analysis_panel_set_title (HpAnalysisPanel *self,
                                          const char      *title);
const char  *hp_analysis_panel_get_description (HpAnalysisPanel *self);
void         hp_analysis_panel_set_description (HpAnalysisPanel *self,
                                                const char      *description);
GtkBox      *hp_analysis_panel_get_charts_box (HpAnalysisPanel *self);
GPtrArray   *hp_analysis_panel_get_tables (HpAnalysisPanel *self,
                                           const char      *name);
HpTable     *hp_analysis_panel_find_table (HpAnalysisPanel *self,
                                           const char      *analysis,
                                           const char      *table_name);
gboolean     hp_analysis_panel_is_busy (HpAnalysisPanel *self);
GStrv        hp_analysis_panel_dup_analysis_names (HpAnalysisPanel *self);
guint        hp_analysis_panel_get_n_table_views (HpAnalysisPanel *self);
HpTableView *hp_analysis_panel_get_table_view (HpAnalysisPanel *self,
                                               guint            position);
HpTableView *hp_analysis_panel_get_main_table_view (HpAnalysisPanel *self);
gboolean     hp_analysis_panel_export_chart (HpAnalysisPanel *self);
gboolean     hp_analysis_panel_can_link_table (HpAnalysisPanel *self,
                                               HpTable         *table);
gboolean     hp_analysis_panel_show_row_on_timeline (HpAnalysisPanel *self,
                                                     HpTable         *table,
                                                     guint            row);

HpChartView *hp_analysis_panel_add_chart (HpAnalysisPanel          *self,
                                          HpChart                  *chart,
                                          HpAnalysisPanelChartFlags flags);
void         hp_analysis_panel_add_charts (HpAnalysisPanel          *self,
                                           GPtrArray                *charts,
                                           HpAnalysisPanelChartFlags flags);
void         hp_analysis_panel_add_weighted_charts (HpAnalysisPanel *self,
                                                    GPtrArray       *charts,
                                                    guint            n_shown);
guint        hp_analysis_panel_add_table_charts (HpAnalysisPanel          *self,
                                                 HpTable                  *table,
                                                 HpAnalysisPanelChartFlags flags);
guint        hp_analysis_panel_get_n_chart_views (HpAnalysisPanel *self);
HpChartView *hp_analysis_panel_get_chart_view (HpAnalysisPanel *self,
                                               guint            position);
HpChartView *hp_analysis_panel_find_chart_view (HpAnalysisPanel *self,
                                                const char      *name);
HpChartView *hp_analysis_panel_get_main_chart_view (HpAnalysisPanel *self);

const HpAnalysisParams *hp_analysis_panel_get_params (HpAnalysisPanel *self);
void                    hp_analysis_panel_bind_param (HpAnalysisPanel   *self,
                                                      const HpParamSpec *spec,
                                                      GtkWidget         *widget);
gboolean                hp_analysis_panel_begin_params (HpAnalysisPanel  *self,
                                                        HpAnalysisParams *params);
void                    hp_analysis_panel_commit_params (HpAnalysisPanel  *self,
                                                         HpAnalysisParams *params);

G_END_DECLS
