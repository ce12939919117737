/* hp-communication-panel.c — the Communication tab: communication time, exposed time and bandwidth by collective.
 *
 * Shows the communication analysis (docs/communication.md): time and
 * exposed time per step by collective, the slowest kernels, each linked to
 * its collective on every rank; and the collectives' bus bandwidth by
 * message size.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "hp-communication-panel.h"

struct _HpCommunicationPanel
{
  HpAnalysisPanel parent_instance;
};

G_DEFINE_FINAL_TYPE (HpCommunicationPanel, hp_communication_panel, HP_TYPE_ANALYSIS_PANEL)

static void
hp_communication_panel_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), HP_TYPE_COMMUNICATION_PANEL);

  G_OBJECT_CLASS (hp_communication_panel_parent_class)->dispose (object);
}

static void
hp_communication_panel_class_init (HpCommunicationPanelClass *klass)
{
  GObjectClass         *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass       *widget_class = GTK_WIDGET_CLASS (klass);
  HpAnalysisPanelClass *panel_class = HP_ANALYSIS_PANEL_CLASS (klass);

  object_class->dispose = hp_communication_panel_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/hotpath/Hotpath/ui/hp-communication-panel.ui");

  hp_analysis_panel_class_add_analysis (panel_class, HP_COMMUNICATION_ANALYSIS, _ ("Communication by step and collective"),
                                        HP_ANALYSIS_PANEL_SHOW_TABLES);
  hp_analysis_panel_class_add_analysis (panel_class, HP_COLLECTIVES_ANALYSIS, _ ("Collectives across ranks"),
                                        HP_ANALYSIS_PANEL_SHOW_TABLES);
}

static void
hp_communication_panel_init (HpCommunicationPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
hp_communication_panel_new (void)
{
  return g_object_new (HP_TYPE_COMMUNICATION_PANEL, NULL);
}
