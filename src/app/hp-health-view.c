/* hp-health-view.c — the trace health report in the app: a list of findings and marks on the tabs.
 *
 * The Overview lists what hp_health_check() found, the worst first. Every
 * tab whose analyses a finding touches gets a caution mark next to its
 * title, with the reasons in its tooltip (HTA users ask "is it working?"
 * when a table comes back empty: the mark says why, where it shows).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "hp-analysis-panel.h"
#include "hp-health-view.h"

#define MAX_ROWS 12

static const char *
severity_icon (HpHealthSeverity severity)
{
  switch (severity)
    {
    case HP_HEALTH_ERROR:
      return "dialog-error-symbolic";
    case HP_HEALTH_WARNING:
      return "dialog-warning-symbolic";
    case HP_HEALTH_INFO:
    default:
      return "dialog-information-symbolic";
    }
}

static GtkWidget *
finding_row (const HpHealthGroup *group)
{
  const HpHealthFinding *f = group->finding;
  GtkWidget             *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  GtkWidget             *icon = gtk_image_new_from_icon_name (severity_icon (f->severity));
  g_autofree char       *text = NULL;
  GtkWidget             *label;
  GtkWidget             *text_box;

  if (group->ranks->len == 1)
    /* Translators: a health finding about one rank: "Rank 1: 3 of 4 kernels…" */
    text = g_strdup_printf (_ ("Rank %d: %s"), g_array_index (group->ranks, int, 0), f->message);
  else if (group->ranks->len > 1)
    /* Translators: a health finding said alike of several ranks: "ranks 0–7: no memcpy…" */
    text = g_strdup_printf (_ ("%s: %s"), group->ranks_text, f->message);
  else
    text = g_strdup (f->message);
  label = gtk_label_new (text);
  gtk_widget_add_css_class (row, "hp-health-row");
  gtk_widget_add_css_class (icon, f->severity == HP_HEALTH_ERROR     ? "hp-health-error"
                                  : f->severity == HP_HEALTH_WARNING ? "hp-health-warning"
                                                                     : "hp-health-info");
  gtk_widget_set_valign (icon, GTK_ALIGN_START);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 80);
  gtk_widget_set_hexpand (label, TRUE);
  if (f->severity == HP_HEALTH_INFO)
    gtk_widget_add_css_class (label, "dim-label");
  /* GTK 4.8's horizontal box lines its children up on their baselines
   * and rounds a wrapping label's part above and below it up apart, one
   * pixel more than the label's height at any given width, but not free of
   * a width: a box that fits the rows into a height then finds them
   * taller at every width than they said ("Expect overlapping widgets").
   * In a vertical box the label has no baseline to line up. */
  text_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_set_hexpand (text_box, TRUE);
  gtk_box_append (GTK_BOX (text_box), label);
  gtk_box_append (GTK_BOX (row), icon);
  gtk_box_append (GTK_BOX (row), text_box);
  return row;
}

/**
 * hp_health_view_fill:
 * @box: a vertical box, emptied first
 * @report: (nullable): the report; %NULL leaves the box empty
 *
 * One row per finding, errors first, then warnings, then notes, at most
 * MAX_ROWS; a finding said alike of several ranks is one row ("ranks
 * 0–7: …"); a last line counts the rest.
 */
void
hp_health_view_fill (GtkBox         *box,
                     HpHealthReport *report)
{
  GtkWidget *child;
  guint      shown = 0, total;
  g_autoptr (GPtrArray) groups = NULL;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (box))) != NULL)
    gtk_box_remove (box, child);
  if (report == NULL)
    return;

  groups = hp_health_report_group (report);
  total = groups->len;
  if (total == 0)
    {
      GtkWidget *label = gtk_label_new (_ ("Nothing found: every analysis can be trusted."));

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_add_css_class (label, "dim-label");
      gtk_box_append (box, label);
      return;
    }
  for (int severity = HP_HEALTH_ERROR; severity >= HP_HEALTH_INFO; severity--)
    for (guint k = 0; k < total && shown < MAX_ROWS; k++)
      {
        const HpHealthGroup *group = groups->pdata[k];

        if ((int)group->finding->severity != severity)
          continue;
        gtk_box_append (box, finding_row (group));
        shown++;
      }
  if (shown < total)
    {
      g_autofree char *more =
          /* Translators: findings not listed; hotpath-cli health lists them all */
          g_strdup_printf (ngettext ("And %u more (hotpath-cli health lists them all).",
                                     "And %u more (hotpath-cli health lists them all).",
                                     total - shown),
                           total - shown);
      GtkWidget *label = gtk_label_new (more);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_add_css_class (label, "dim-label");
      gtk_box_append (box, label);
    }
}

/* The panel's verdict over every rank, and why: not applicable when none of
 * its analyses applies, caution when any finding touches one of them. */
static HpHealthVerdict
panel_verdict (HpAnalysisPanel *panel,
               HpHealthReport  *report,
               HpTrace         *trace,
               GString         *why)
{
  g_auto (GStrv) names = hp_analysis_panel_dup_analysis_names (panel);
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint                    n_analyses = 0;
  const HpAnalysis *const *list = hp_analysis_list (&n_analyses);
  HpHealthVerdict          worst = HP_HEALTH_TRUST;
  guint                    n_known = 0, n_not_applicable = 0;

  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    for (guint a = 0; a < n_analyses; a++)
      {
        g_autofree char *reasons = NULL;
        g_auto (GStrv) lines = NULL;

        HpHealthVerdict this = HP_HEALTH_TRUST;

        if (!g_str_equal (list[a]->name, names[i]))
          continue;
        n_known++;
        for (guint r = 0; r < hp_trace_get_n_ranks (trace); r++)
          this = MAX (this, hp_health_report_get_verdict (report, hp_trace_get_rank (trace, r)->rank, a));
        n_not_applicable += this == HP_HEALTH_NOT_APPLICABLE;
        worst = MAX (worst, this);
        reasons = hp_health_report_get_reasons (report, -1, a);
        if (reasons == NULL)
          continue;
        lines = g_strsplit (reasons, "\n", -1);
        for (guint l = 0; lines[l] != NULL; l++)
          if (g_hash_table_add (seen, g_strdup (lines[l])))
            g_string_append_printf (why, "\n• %s", lines[l]);
      }
  if (worst == HP_HEALTH_NOT_APPLICABLE && n_not_applicable < n_known)
    return HP_HEALTH_CAUTION;
  return worst;
}

/**
 * hp_health_view_mark_tabs:
 * @notebook: the tabs of a trace page
 * @report: the trace's health report
 *
 * Puts a caution mark before the title of every tab whose analyses a
 * finding touches; its tooltip gives the reasons.
 */
void
hp_health_view_mark_tabs (GtkNotebook    *notebook,
                          HpHealthReport *report)
{
  for (int i = 0; i < gtk_notebook_get_n_pages (notebook); i++)
    {
      GtkWidget *page = gtk_notebook_get_nth_page (notebook, i);
      GtkWidget *tab = gtk_notebook_get_tab_label (notebook, page);
      HpSession *session;
      g_autoptr (GString) why = g_string_new (NULL);
      g_autofree char *tooltip = NULL;
      HpHealthVerdict  verdict;

      if (!HP_IS_ANALYSIS_PANEL (page) || !GTK_IS_LABEL (tab))
        continue;
      session = hp_analysis_panel_get_session (HP_ANALYSIS_PANEL (page));
      if (session == NULL)
        continue;
      verdict = panel_verdict (HP_ANALYSIS_PANEL (page), report, hp_session_get_trace (session), why);
      if (verdict == HP_HEALTH_TRUST)
        continue;

      tooltip = g_strconcat (verdict == HP_HEALTH_CAUTION
                                 ? _ ("Read these numbers with caution:")
                                 : _ ("These analyses do not apply to this trace:"),
                             why->str, NULL);
      /* the tab stays a GtkLabel with its text (tests and screenshots find
       * tabs by it); the mark is its CSS background icon */
      gtk_widget_add_css_class (tab, verdict == HP_HEALTH_CAUTION ? "hp-health-caution-tab"
                                                                  : "hp-health-na-tab");
      gtk_widget_set_tooltip_text (tab, tooltip);
      gtk_accessible_update_property (GTK_ACCESSIBLE (tab), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                      tooltip, -1);
    }
}
