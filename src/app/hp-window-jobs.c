/* hp-window-jobs.c — the error page of a folder holding files of several jobs.
 *
 * The loader refuses files of several jobs and names them; the window's
 * error page then has a button per job, which opens that job alone
 * (HpLoadOptions.job).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "hp-core.h"
#include "hp-window-private.h"

static void
open_job_clicked_cb (GtkButton *button,
                     HpWindow  *self)
{
  guint job = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "job"));
  g_auto (GStrv) paths = NULL;

  if (self->paths == NULL || job == 0)
    return;
  paths = g_strdupv (self->paths);
  hp_window_start_load_job (self, (const char *const *)paths, job);
}

/* files of several jobs: a button per job, which opens that one */
void
hp_window_show_job_buttons (HpWindow     *self,
                            const GError *error)
{
  guint      n_jobs = hp_load_error_get_n_jobs (error);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->error_jobs))) != NULL)
    gtk_box_remove (self->error_jobs, child);
  gtk_widget_set_visible (GTK_WIDGET (self->error_jobs), n_jobs > 1);
  for (guint j = 1; j <= n_jobs; j++)
    {
      /* Translators: a button of a folder holding files of several jobs; %u is the job's number */
      g_autofree char *label = g_strdup_printf (_ ("Open Job %u"), j);
      GtkWidget       *button = gtk_button_new_with_label (label);

      gtk_widget_add_css_class (button, "pill");
      g_object_set_data (G_OBJECT (button), "job", GUINT_TO_POINTER (j));
      g_signal_connect (button, "clicked", G_CALLBACK (open_job_clicked_cb), self);
      gtk_box_append (self->error_jobs, button);
    }
}

/**
 * hp_window_get_n_job_buttons:
 *
 * Returns: how many jobs the error page offers to open (files of several
 *   jobs), else 0
 */
guint
hp_window_get_n_job_buttons (HpWindow *self)
{
  guint n = 0;

  g_return_val_if_fail (HP_IS_WINDOW (self), 0);
  if (!gtk_widget_get_visible (GTK_WIDGET (self->error_jobs)))
    return 0;
  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (self->error_jobs)); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    n++;
  return n;
}

/**
 * hp_window_click_job_button:
 * @job: from 1
 *
 * Clicks the error page's button that opens @job.
 */
void
hp_window_click_job_button (HpWindow *self,
                            guint     job)
{
  GtkWidget *c;

  g_return_if_fail (HP_IS_WINDOW (self));
  c = gtk_widget_get_first_child (GTK_WIDGET (self->error_jobs));
  for (guint k = 1; c != NULL && k < job; k++)
    c = gtk_widget_get_next_sibling (c);
  g_return_if_fail (c != NULL);
  g_signal_emit_by_name (c, "clicked");
}
