/* hp-scope-bar.c — the bar above the tabs that says and sets what part of
 * the trace every analysis shows.
 *
 * The bar shows the session's scope in words ("Showing Step 12 of the
 * trace") and sets it: a step from the steps of the trace, the range
 * selected on the timeline, or an annotation by name (and instance). "Whole
 * Trace" goes back in one click. The session is the one source of truth;
 * the bar only reads and writes its "scope" and "selected-range".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "hp-scope-bar.h"

struct _HpScopeBar
{
  GtkWidget parent_instance;

  GtkWidget     *box;
  GtkLabel      *label;
  GtkDropDown   *steps;
  GtkButton     *range_button;
  GtkEntry      *annotation_entry;
  GtkButton     *whole_button;
  GtkStringList *step_names;
  GArray        *step_numbers; /* int, parallel to step_names after "Whole trace" */

  HpSession *session;
  gulong     scope_handler;
  gulong     range_handler;
  gboolean   updating;
};

G_DEFINE_FINAL_TYPE (HpScopeBar, hp_scope_bar, GTK_TYPE_WIDGET)

static int
cmp_int (gconstpointer a,
         gconstpointer b)
{
  return *(const int *)a - *(const int *)b;
}

/* every step of every rank, ascending, each once */
static void
collect_steps (HpScopeBar *self)
{
  HpTrace *trace = hp_session_get_trace (self->session);
  g_autoptr (GHashTable) seen = g_hash_table_new (g_direct_hash, g_direct_equal);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->step_names));

  g_array_set_size (self->step_numbers, 0);
  for (guint k = 0; k < hp_trace_get_n_ranks (trace); k++)
    {
      const HpRank *r = hp_trace_get_rank (trace, k);

      for (guint i = 0; i < r->n_iterations; i++)
        if (g_hash_table_add (seen, GINT_TO_POINTER (r->iterations[i] + 1)))
          g_array_append_val (self->step_numbers, r->iterations[i]);
    }
  g_array_sort (self->step_numbers, cmp_int);

  gtk_string_list_splice (self->step_names, 0, n, NULL);
  gtk_string_list_append (self->step_names, _ ("All steps"));
  for (guint i = 0; i < self->step_numbers->len; i++)
    {
      g_autofree char *name = g_strdup_printf (_ ("Step %d"), g_array_index (self->step_numbers, int, i));

      gtk_string_list_append (self->step_names, name);
    }
  gtk_widget_set_sensitive (GTK_WIDGET (self->steps), self->step_numbers->len > 0);
}

static void
update (HpScopeBar *self)
{
  HpScope         *scope = self->session != NULL ? hp_session_get_scope (self->session) : NULL;
  g_autofree char *what = hp_scope_describe (scope);
  g_autofree char *escaped = g_markup_escape_text (what, -1);
  g_autofree char *markup = NULL;
  guint            position = 0;

  if (hp_scope_is_whole (scope))
    markup = g_strdup_printf (_ ("Showing the <b>whole trace</b>"));
  else
    /* TRANSLATORS: what part of the trace the analyses show, "Showing <b>Step 12</b>" */
    markup = g_strdup_printf (_ ("Showing <b>%s</b> only"), escaped);
  gtk_label_set_markup (self->label, markup);
  gtk_widget_set_visible (GTK_WIDGET (self->whole_button), !hp_scope_is_whole (scope));
  if (hp_scope_is_whole (scope))
    gtk_widget_remove_css_class (self->box, "hp-scoped");
  else
    gtk_widget_add_css_class (self->box, "hp-scoped");

  if (hp_scope_get_kind (scope) == HP_SCOPE_STEP)
    for (guint i = 0; i < self->step_numbers->len; i++)
      if (g_array_index (self->step_numbers, int, i) == hp_scope_get_step (scope))
        position = i + 1;
  self->updating = TRUE;
  gtk_drop_down_set_selected (self->steps, position);
  self->updating = FALSE;

  gtk_widget_set_sensitive (GTK_WIDGET (self->range_button),
                            self->session != NULL &&
                                !hp_time_span_is_empty (hp_session_get_selected_range (self->session)));
}

static void
set_scope (HpScopeBar *self,
           HpScope    *scope)
{
  if (self->session != NULL)
    hp_session_set_scope (self->session, scope);
}

static void
step_selected_cb (HpScopeBar *self)
{
  guint position = gtk_drop_down_get_selected (self->steps);
  g_autoptr (HpScope) scope = NULL;

  if (self->updating || self->session == NULL || position == GTK_INVALID_LIST_POSITION)
    return;
  if (position > 0 && position <= self->step_numbers->len)
    scope = hp_scope_new_step (g_array_index (self->step_numbers, int, position - 1));
  set_scope (self, scope);
}

static void
range_clicked_cb (HpScopeBar *self)
{
  g_autoptr (HpScope) scope = NULL;
  HpTimeSpan span;

  if (self->session == NULL)
    return;
  span = hp_session_get_selected_range (self->session);
  if (hp_time_span_is_empty (span))
    return;
  scope = hp_scope_new_range (span);
  set_scope (self, scope);
}

static void
annotation_activate_cb (HpScopeBar *self)
{
  const char      *text = gtk_editable_get_text (GTK_EDITABLE (self->annotation_entry));
  g_autofree char *spec = NULL;
  g_autoptr (HpScope) scope = NULL;

  if (text == NULL || *text == '\0')
    return;
  spec = g_strconcat ("annotation:", text, NULL);
  scope = hp_scope_parse (spec, NULL);
  if (scope == NULL)
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }
  set_scope (self, scope);
}

static void
whole_clicked_cb (HpScopeBar *self)
{
  set_scope (self, NULL);
}

static void
hp_scope_bar_dispose (GObject *object)
{
  HpScopeBar *self = HP_SCOPE_BAR (object);

  hp_scope_bar_set_session (self, NULL);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_pointer (&self->step_numbers, g_array_unref);

  G_OBJECT_CLASS (hp_scope_bar_parent_class)->dispose (object);
}

static void
hp_scope_bar_class_init (HpScopeBarClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hp_scope_bar_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "scopebar");
}

static void
hp_scope_bar_init (HpScopeBar *self)
{
  GtkWidget *icon = gtk_image_new_from_icon_name ("find-location-symbolic");
  GtkWidget *spacer = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

  self->step_numbers = g_array_new (FALSE, FALSE, sizeof (int));
  self->box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  gtk_widget_add_css_class (self->box, "hp-scope-bar");
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  gtk_widget_set_tooltip_text (icon, _ ("Every tab shows the numbers of this part of the trace"));
  gtk_box_append (GTK_BOX (self->box), icon);
  self->label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->label, 0);
  gtk_label_set_ellipsize (self->label, PANGO_ELLIPSIZE_END);
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->label));
  gtk_widget_set_hexpand (spacer, TRUE);
  gtk_box_append (GTK_BOX (self->box), spacer);

  self->step_names = gtk_string_list_new (NULL);
  self->steps = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (self->step_names), NULL));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->steps), _ ("Show one step (ProfilerStep) only"));
  g_signal_connect_swapped (self->steps, "notify::selected", G_CALLBACK (step_selected_cb), self);
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->steps));

  self->range_button = GTK_BUTTON (gtk_button_new_with_mnemonic (_ ("Selected _Range")));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->range_button),
                               _ ("Show the time range selected on the Timeline only (drag on its lanes to select one)"));
  g_signal_connect_swapped (self->range_button, "clicked", G_CALLBACK (range_clicked_cb), self);
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->range_button));

  self->annotation_entry = GTK_ENTRY (gtk_entry_new ());
  gtk_entry_set_placeholder_text (self->annotation_entry, _ ("Annotation, e.g. ## forward ###0"));
  gtk_editable_set_width_chars (GTK_EDITABLE (self->annotation_entry), 26);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->annotation_entry),
                               _ ("Show what happens inside a record_function range: its name, and #N for one "
                                  "instance (0 the first, -1 the last); Enter applies"));
  g_signal_connect_swapped (self->annotation_entry, "activate", G_CALLBACK (annotation_activate_cb), self);
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->annotation_entry));

  self->whole_button = GTK_BUTTON (gtk_button_new_with_mnemonic (_ ("_Whole Trace")));
  gtk_widget_add_css_class (GTK_WIDGET (self->whole_button), "suggested-action");
  g_signal_connect_swapped (self->whole_button, "clicked", G_CALLBACK (whole_clicked_cb), self);
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->whole_button));

  update (self);
}

GtkWidget *
hp_scope_bar_new (void)
{
  return g_object_new (HP_TYPE_SCOPE_BAR, NULL);
}

/**
 * hp_scope_bar_set_session:
 * @session: (nullable): the session whose scope the bar shows and sets
 */
void
hp_scope_bar_set_session (HpScopeBar *self,
                          HpSession  *session)
{
  g_return_if_fail (HP_IS_SCOPE_BAR (self));

  if (self->session == session)
    return;
  if (self->session != NULL)
    {
      g_clear_signal_handler (&self->scope_handler, self->session);
      g_clear_signal_handler (&self->range_handler, self->session);
      g_clear_object (&self->session);
    }
  if (session != NULL)
    {
      self->session = g_object_ref (session);
      self->scope_handler = g_signal_connect_swapped (session, "notify::scope", G_CALLBACK (update), self);
      self->range_handler = g_signal_connect_swapped (session, "notify::selected-range", G_CALLBACK (update), self);
      collect_steps (self);
    }
  update (self);
}

/**
 * hp_scope_bar_get_text:
 *
 * Returns: the bar's sentence, as shown (for tests)
 */
const char *
hp_scope_bar_get_text (HpScopeBar *self)
{
  g_return_val_if_fail (HP_IS_SCOPE_BAR (self), NULL);
  return gtk_label_get_text (self->label);
}
