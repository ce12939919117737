/* hp-compare-dialog.c — the Compare Runs dialog: 2 to 8 runs, each with a label.
 *
 * Lists the chosen folders, one row each: the run's colour, its label (the
 * folder's name until edited), its path, whether it is the baseline (the
 * run every other is compared with; the first until another is chosen),
 * buttons that move it up and down (the order of every table and chart,
 * and of the colours) and a button that takes it out.
 * "Add Runs…" chooses more folders. Compare stays off, and a line under
 * the list says why, while there are fewer than 2 or more than 8 runs, a
 * label is empty or two runs share one: a label names the run's columns
 * and chart series, so it must tell the runs apart.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "hp-compare-dialog.h"
#include "hp-compare-window.h"
#include "hp-core.h"
#include "hp-format.h"

struct _HpCompareDialog
{
  GtkWindow parent_instance;

  GtkListBox *list;
  GtkLabel   *problem_label;
  GtkWidget  *compare_button;

  GPtrArray *paths;   /* char *, per run */
  GPtrArray *entries; /* GtkEntry, per run; its row's buttons in its data */
  char      *problem;
  guint      baseline;
  gboolean   syncing; /* update() sets the baseline buttons */
};

G_DEFINE_FINAL_TYPE (HpCompareDialog, hp_compare_dialog, GTK_TYPE_WINDOW)

/* what keeps the runs from being compared, or NULL */
static char *
find_problem (HpCompareDialog *self)
{
  guint n = self->paths->len;

  if (n < 2)
    return g_strdup (_ ("Choose at least two runs to compare."));
  if (n > HP_COMPARE_MAX_RUNS)
    return g_strdup_printf (_ ("A comparison takes at most %d runs; remove %u."), HP_COMPARE_MAX_RUNS,
                            n - HP_COMPARE_MAX_RUNS);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *label = g_strstrip (g_strdup (hp_compare_dialog_get_label (self, i)));

      if (*label == '\0')
        return g_strdup_printf (_ ("Run %u has no label: give it a name."), i + 1);
      for (guint j = 0; j < i; j++)
        {
          g_autofree char *other = g_strstrip (g_strdup (hp_compare_dialog_get_label (self, j)));

          if (g_strcmp0 (label, other) == 0)
            /* Translators: two runs of a comparison have the same label */
            return g_strdup_printf (_ ("Runs %u and %u are both labelled “%s”: each run needs its own label."),
                                    j + 1, i + 1, label);
        }
    }
  return NULL;
}

/* whether the label of @run is empty or another run's */
static gboolean
label_is_refused (HpCompareDialog *self,
                  guint            run)
{
  g_autofree char *label = g_strstrip (g_strdup (hp_compare_dialog_get_label (self, run)));

  if (*label == '\0')
    return TRUE;
  for (guint j = 0; j < self->entries->len; j++)
    {
      g_autofree char *other = g_strstrip (g_strdup (hp_compare_dialog_get_label (self, j)));

      if (j != run && strcmp (label, other) == 0)
        return TRUE;
    }
  return FALSE;
}

static void
update (HpCompareDialog *self)
{
  g_free (self->problem);
  self->problem = find_problem (self);
  gtk_label_set_text (self->problem_label, self->problem != NULL ? self->problem : "");
  gtk_widget_set_visible (GTK_WIDGET (self->problem_label), self->problem != NULL);
  gtk_widget_set_sensitive (self->compare_button, self->problem == NULL);
  for (guint i = 0; i < self->entries->len; i++)
    {
      GtkWidget       *entry = self->entries->pdata[i];
      GtkWidget       *row = gtk_widget_get_ancestor (entry, GTK_TYPE_LIST_BOX_ROW);
      GtkWidget       *swatch = gtk_widget_get_first_child (gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row)));
      g_autofree char *markup =
          g_markup_printf_escaped ("<span foreground=\"%s\">●</span>", hp_run_palette_color (i));

      gtk_label_set_markup (GTK_LABEL (swatch), markup);
      self->syncing = TRUE;
      gtk_check_button_set_active (g_object_get_data (G_OBJECT (entry), "hp-baseline"), i == self->baseline);
      self->syncing = FALSE;
      gtk_widget_set_sensitive (g_object_get_data (G_OBJECT (entry), "hp-up"), i > 0);
      gtk_widget_set_sensitive (g_object_get_data (G_OBJECT (entry), "hp-down"), i + 1 < self->entries->len);
      if (label_is_refused (self, i))
        gtk_widget_add_css_class (entry, "error");
      else
        gtk_widget_remove_css_class (entry, "error");
    }
}

/* the run of the row @widget is in */
static guint
run_of (GtkWidget *widget)
{
  GtkWidget *row = gtk_widget_get_ancestor (widget, GTK_TYPE_LIST_BOX_ROW);

  return (guint)gtk_list_box_row_get_index (GTK_LIST_BOX_ROW (row));
}

static void
baseline_toggled_cb (GtkCheckButton  *button,
                     HpCompareDialog *self)
{
  if (!self->syncing && gtk_check_button_get_active (button))
    hp_compare_dialog_set_baseline (self, run_of (GTK_WIDGET (button)));
}

static void
up_clicked_cb (GtkButton       *button,
               HpCompareDialog *self)
{
  guint run = run_of (GTK_WIDGET (button));

  if (run > 0)
    hp_compare_dialog_move_run (self, run, run - 1);
}

static void
down_clicked_cb (GtkButton       *button,
                 HpCompareDialog *self)
{
  hp_compare_dialog_move_run (self, run_of (GTK_WIDGET (button)), run_of (GTK_WIDGET (button)) + 1);
}

static void
remove_clicked_cb (GtkButton       *button,
                   HpCompareDialog *self)
{
  GtkWidget *row = gtk_widget_get_ancestor (GTK_WIDGET (button), GTK_TYPE_LIST_BOX_ROW);

  hp_compare_dialog_remove_run (self, (guint)gtk_list_box_row_get_index (GTK_LIST_BOX_ROW (row)));
}

static void
folders_chosen_cb (GtkNativeDialog *dialog,
                   int              response,
                   gpointer         user_data)
{
  HpCompareDialog *self = user_data;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GListModel) files = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (dialog));

      for (guint i = 0; i < g_list_model_get_n_items (files); i++)
        {
          g_autoptr (GFile) file = g_list_model_get_item (files, i);
          g_autofree char *path = g_file_get_path (file);

          if (path != NULL)
            hp_compare_dialog_add_run (self, path);
        }
    }
  g_object_unref (dialog);
  g_object_unref (self);
}

G_GNUC_BEGIN_IGNORE_DEPRECATIONS

/**
 * hp_compare_dialog_choose_runs:
 *
 * Asks for folders to add as runs, as "Add Runs…" does.
 */
void
hp_compare_dialog_choose_runs (HpCompareDialog *self)
{
  GtkFileChooserNative *chooser;

  g_return_if_fail (HP_IS_COMPARE_DIALOG (self));

  chooser = gtk_file_chooser_native_new (_ ("Add Runs"), GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                                         _ ("_Add"), _ ("_Cancel"));
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (folders_chosen_cb), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

G_GNUC_END_IGNORE_DEPRECATIONS

static void
compare_clicked_cb (HpCompareDialog *self)
{
  if (hp_compare_dialog_compare (self) != NULL)
    gtk_window_destroy (GTK_WINDOW (self));
}

static void
hp_compare_dialog_finalize (GObject *object)
{
  HpCompareDialog *self = HP_COMPARE_DIALOG (object);

  g_ptr_array_unref (self->paths);
  g_ptr_array_unref (self->entries);
  g_free (self->problem);
  G_OBJECT_CLASS (hp_compare_dialog_parent_class)->finalize (object);
}

static void
hp_compare_dialog_class_init (HpCompareDialogClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = hp_compare_dialog_finalize;
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
hp_compare_dialog_init (HpCompareDialog *self)
{
  GtkWidget *header = gtk_header_bar_new ();
  GtkWidget *cancel = gtk_button_new_with_mnemonic (_ ("_Cancel"));
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *intro = gtk_label_new (_ ("Each run is labelled with its folder’s name; the labels name the "
                                       "runs in every table and chart of the comparison, in this order. "
                                       "The baseline is the run every other is compared with."));
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *add = gtk_button_new_with_mnemonic (_ ("_Add Runs…"));

  self->paths = g_ptr_array_new_with_free_func (g_free);
  self->entries = g_ptr_array_new ();

  gtk_window_set_title (GTK_WINDOW (self), _ ("Compare Runs"));
  gtk_window_set_default_size (GTK_WINDOW (self), 760, 420);
  gtk_header_bar_set_show_title_buttons (GTK_HEADER_BAR (header), FALSE);
  gtk_header_bar_pack_start (GTK_HEADER_BAR (header), cancel);
  g_signal_connect_swapped (cancel, "clicked", G_CALLBACK (gtk_window_close), self);
  self->compare_button = gtk_button_new_with_mnemonic (_ ("C_ompare"));
  gtk_widget_add_css_class (self->compare_button, "suggested-action");
  g_signal_connect_swapped (self->compare_button, "clicked", G_CALLBACK (compare_clicked_cb), self);
  gtk_header_bar_pack_end (GTK_HEADER_BAR (header), self->compare_button);
  gtk_window_set_titlebar (GTK_WINDOW (self), header);

  gtk_widget_set_margin_start (box, 18);
  gtk_widget_set_margin_end (box, 18);
  gtk_widget_set_margin_top (box, 18);
  gtk_widget_set_margin_bottom (box, 18);
  gtk_label_set_wrap (GTK_LABEL (intro), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (intro), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (intro), 0);
  gtk_box_append (GTK_BOX (box), intro);

  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->list, GTK_SELECTION_NONE);
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "boxed-list");
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (self->list));
  gtk_widget_set_valign (GTK_WIDGET (self->list), GTK_ALIGN_START);
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_box_append (GTK_BOX (box), scrolled);

  self->problem_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->problem_label, TRUE);
  gtk_label_set_wrap_mode (self->problem_label, PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (self->problem_label, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->problem_label), "error");
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->problem_label));

  gtk_widget_set_halign (add, GTK_ALIGN_START);
  g_signal_connect_swapped (add, "clicked", G_CALLBACK (hp_compare_dialog_choose_runs), self);
  gtk_box_append (GTK_BOX (box), add);
  gtk_window_set_child (GTK_WINDOW (self), box);
  update (self);
}

/**
 * hp_compare_dialog_new:
 * @application: (nullable): the application the comparison joins
 * @parent: (nullable): the window it was asked from
 * @paths: (array zero-terminated=1) (nullable): the runs chosen so far
 *
 * Returns: (transfer none): the dialog, not yet shown
 */
HpCompareDialog *
hp_compare_dialog_new (GtkApplication    *application,
                       GtkWindow         *parent,
                       const char *const *paths)
{
  HpCompareDialog *self = g_object_new (HP_TYPE_COMPARE_DIALOG, "application", application, "transient-for", parent,
                                        "modal", parent != NULL, NULL);

  for (guint i = 0; paths != NULL && paths[i] != NULL; i++)
    hp_compare_dialog_add_run (self, paths[i]);
  return self;
}

/**
 * hp_compare_dialog_add_run:
 * @path: a folder or trace file
 *
 * Adds a run labelled with its folder's name.
 */
void
hp_compare_dialog_add_run (HpCompareDialog *self,
                           const char      *path)
{
  const char *const paths[] = { path, NULL };
  g_autofree char  *label = hp_run_default_label (paths);
  g_autofree char  *shown = hp_format_display_path (path);
  GtkWidget        *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget        *swatch = gtk_label_new (NULL);
  GtkWidget        *entry = gtk_entry_new ();
  GtkWidget        *where = gtk_label_new (shown);
  GtkWidget        *remove = gtk_button_new_from_icon_name ("list-remove-symbolic");
  GtkWidget        *baseline = gtk_check_button_new_with_label (_ ("Baseline"));
  GtkWidget        *up = gtk_button_new_from_icon_name ("go-up-symbolic");
  GtkWidget        *down = gtk_button_new_from_icon_name ("go-down-symbolic");

  g_return_if_fail (HP_IS_COMPARE_DIALOG (self));
  g_return_if_fail (path != NULL);

  gtk_widget_set_margin_start (row, 12);
  gtk_widget_set_margin_end (row, 6);
  gtk_widget_set_margin_top (row, 6);
  gtk_widget_set_margin_bottom (row, 6);
  gtk_box_append (GTK_BOX (row), swatch);
  gtk_editable_set_text (GTK_EDITABLE (entry), label);
  gtk_editable_set_width_chars (GTK_EDITABLE (entry), 24);
  /* Translators: the accessible name of a run's label in the Compare Runs dialog */
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL, _ ("Label"), -1);
  g_signal_connect_swapped (entry, "changed", G_CALLBACK (update), self);
  gtk_box_append (GTK_BOX (row), entry);
  gtk_label_set_xalign (GTK_LABEL (where), 0);
  gtk_label_set_ellipsize (GTK_LABEL (where), PANGO_ELLIPSIZE_START);
  gtk_widget_set_hexpand (where, TRUE);
  gtk_widget_set_tooltip_text (where, path);
  gtk_widget_add_css_class (where, "dim-label");
  gtk_box_append (GTK_BOX (row), where);
  /* one baseline: the buttons form a group, drawn as radio buttons */
  if (self->entries->len > 0)
    gtk_check_button_set_group (GTK_CHECK_BUTTON (baseline),
                                g_object_get_data (self->entries->pdata[0], "hp-baseline"));
  gtk_widget_set_tooltip_text (baseline, _ ("Compare every other run with this one"));
  g_signal_connect (baseline, "toggled", G_CALLBACK (baseline_toggled_cb), self);
  gtk_box_append (GTK_BOX (row), baseline);
  gtk_widget_set_tooltip_text (up, _ ("Move up"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (up), GTK_ACCESSIBLE_PROPERTY_LABEL, _ ("Move up"), -1);
  gtk_widget_add_css_class (up, "flat");
  g_signal_connect (up, "clicked", G_CALLBACK (up_clicked_cb), self);
  gtk_box_append (GTK_BOX (row), up);
  gtk_widget_set_tooltip_text (down, _ ("Move down"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (down), GTK_ACCESSIBLE_PROPERTY_LABEL, _ ("Move down"), -1);
  gtk_widget_add_css_class (down, "flat");
  g_signal_connect (down, "clicked", G_CALLBACK (down_clicked_cb), self);
  gtk_box_append (GTK_BOX (row), down);
  g_object_set_data (G_OBJECT (entry), "hp-baseline", baseline);
  g_object_set_data (G_OBJECT (entry), "hp-up", up);
  g_object_set_data (G_OBJECT (entry), "hp-down", down);
  gtk_widget_set_tooltip_text (remove, _ ("Leave this run out"));
  gtk_widget_add_css_class (remove, "flat");
  g_signal_connect (remove, "clicked", G_CALLBACK (remove_clicked_cb), self);
  gtk_box_append (GTK_BOX (row), remove);

  g_ptr_array_add (self->paths, g_strdup (path));
  g_ptr_array_add (self->entries, entry);
  gtk_list_box_append (self->list, row);
  update (self);
}

void
hp_compare_dialog_remove_run (HpCompareDialog *self,
                              guint            run)
{
  GtkListBoxRow *row;

  g_return_if_fail (HP_IS_COMPARE_DIALOG (self));
  g_return_if_fail (run < self->paths->len);

  row = gtk_list_box_get_row_at_index (self->list, (int)run);
  /* the other baseline buttons stay one group without this one */
  gtk_check_button_set_group (g_object_get_data (self->entries->pdata[run], "hp-baseline"), NULL);
  g_ptr_array_remove_index (self->paths, run);
  g_ptr_array_remove_index (self->entries, run);
  gtk_list_box_remove (self->list, GTK_WIDGET (row));
  if (self->baseline == run)
    self->baseline = 0;
  else if (self->baseline > run)
    self->baseline--;
  update (self);
}

/**
 * hp_compare_dialog_move_run:
 * @from: the run to move
 * @to: its place afterwards
 *
 * Moves a run in the list, as its arrow buttons do: the order in which
 * every table and chart of the comparison lists the runs. The baseline
 * stays the same run.
 */
void
hp_compare_dialog_move_run (HpCompareDialog *self,
                            guint            from,
                            guint            to)
{
  g_autoptr (GtkListBoxRow) row = NULL;
  gpointer path, entry;
  guint    baseline;

  g_return_if_fail (HP_IS_COMPARE_DIALOG (self));
  g_return_if_fail (from < self->paths->len && to < self->paths->len);

  if (from == to)
    return;
  baseline = self->baseline;
  row = g_object_ref (gtk_list_box_get_row_at_index (self->list, (int)from));
  path = g_ptr_array_steal_index (self->paths, from);
  entry = g_ptr_array_steal_index (self->entries, from);
  g_ptr_array_insert (self->paths, (int)to, path);
  g_ptr_array_insert (self->entries, (int)to, entry);
  gtk_list_box_remove (self->list, GTK_WIDGET (row));
  gtk_list_box_insert (self->list, GTK_WIDGET (row), (int)to);
  if (baseline == from)
    self->baseline = to;
  else if (from < baseline && baseline <= to)
    self->baseline = baseline - 1;
  else if (to <= baseline && baseline < from)
    self->baseline = baseline + 1;
  update (self);
}

/**
 * hp_compare_dialog_set_baseline:
 * @run: the run every other is compared with
 */
void
hp_compare_dialog_set_baseline (HpCompareDialog *self,
                                guint            run)
{
  g_return_if_fail (HP_IS_COMPARE_DIALOG (self));
  g_return_if_fail (run < self->paths->len);
  self->baseline = run;
  update (self);
}

guint
hp_compare_dialog_get_baseline (HpCompareDialog *self)
{
  g_return_val_if_fail (HP_IS_COMPARE_DIALOG (self), 0);
  return self->baseline;
}

/**
 * hp_compare_dialog_get_path:
 *
 * Returns: (transfer none): the folder or file of @run, in the list's order
 */
const char *
hp_compare_dialog_get_path (HpCompareDialog *self,
                            guint            run)
{
  g_return_val_if_fail (HP_IS_COMPARE_DIALOG (self), NULL);
  g_return_val_if_fail (run < self->paths->len, NULL);
  return self->paths->pdata[run];
}

guint
hp_compare_dialog_get_n_runs (HpCompareDialog *self)
{
  g_return_val_if_fail (HP_IS_COMPARE_DIALOG (self), 0);
  return self->paths->len;
}

const char *
hp_compare_dialog_get_label (HpCompareDialog *self,
                             guint            run)
{
  g_return_val_if_fail (HP_IS_COMPARE_DIALOG (self), NULL);
  g_return_val_if_fail (run < self->entries->len, NULL);
  return gtk_editable_get_text (self->entries->pdata[run]);
}

void
hp_compare_dialog_set_label (HpCompareDialog *self,
                             guint            run,
                             const char      *label)
{
  g_return_if_fail (HP_IS_COMPARE_DIALOG (self));
  g_return_if_fail (run < self->entries->len);
  gtk_editable_set_text (self->entries->pdata[run], label != NULL ? label : "");
}

/**
 * hp_compare_dialog_get_problem:
 *
 * Returns: (nullable): why the runs cannot be compared as they are, as
 *   the dialog shows it, or %NULL when they can
 */
const char *
hp_compare_dialog_get_problem (HpCompareDialog *self)
{
  g_return_val_if_fail (HP_IS_COMPARE_DIALOG (self), NULL);
  return self->problem;
}

/**
 * hp_compare_dialog_compare:
 *
 * Opens the comparison of the runs with their labels (trimmed), in the
 * list's order and against the baseline chosen, as the Compare button does.
 *
 * Returns: (transfer none) (nullable): the comparison window, or %NULL
 *   when hp_compare_dialog_get_problem() says why not
 */
HpCompareWindow *
hp_compare_dialog_compare (HpCompareDialog *self)
{
  g_autoptr (GPtrArray) labels = NULL;
  HpCompareWindow *window;

  g_return_val_if_fail (HP_IS_COMPARE_DIALOG (self), NULL);

  if (self->problem != NULL)
    return NULL;
  labels = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < self->entries->len; i++)
    g_ptr_array_add (labels, g_strstrip (g_strdup (hp_compare_dialog_get_label (self, i))));
  g_ptr_array_add (labels, NULL);
  g_ptr_array_add (self->paths, NULL);
  window = hp_compare_window_new_with_baseline (gtk_window_get_application (GTK_WINDOW (self)),
                                                (const char *const *)self->paths->pdata,
                                                (const char *const *)labels->pdata, self->baseline);
  g_ptr_array_remove_index (self->paths, self->paths->len - 1);
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

/**
 * hp_compare_window_open_folders:
 * @parent: the window the folders were dropped on
 * @files: (array length=n_files): what was dropped
 *
 * Several folders dropped at once are runs to compare (a job's rank
 * files are dropped as files): opens a comparison of them when @files are
 * 2 to 8 folders.
 *
 * Returns: (transfer none) (nullable): the comparison, or %NULL when
 *   @files are not runs to compare
 */
HpCompareWindow *
hp_compare_window_open_folders (GtkWindow *parent,
                                GFile    **files,
                                guint      n_files)
{
  g_autoptr (GPtrArray) paths = NULL;
  HpCompareWindow *self;

  if (!hp_compare_files_are_runs (files, n_files))
    return NULL;
  paths = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < n_files; i++)
    g_ptr_array_add (paths, g_file_get_path (files[i]));
  g_ptr_array_add (paths, NULL);
  self = hp_compare_window_new (gtk_window_get_application (parent), (const char *const *)paths->pdata, NULL);
  gtk_window_present (GTK_WINDOW (self));
  return self;
}
