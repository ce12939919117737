/* hp-preferences-window.c — the preferences and about windows (libadwaita).
 *
 * The preferences edit the GSettings keys directly (g_settings_bind): the
 * loading rules apply to every open window at once (each reloads), the
 * analysis parameters are the defaults of the next folder opened; the tabs'
 * own controls change the open folder's. The analysis parameters' rows are
 * made from their specs, grouped by analysis: a parameter the schema keeps
 * has its row without a line here.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "hp-preferences-window.h"
#include "hp-settings.h"

static AdwPreferencesGroup *
add_group (AdwPreferencesPage *page,
           const char         *title,
           const char         *description)
{
  AdwPreferencesGroup *group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());

  adw_preferences_group_set_title (group, title);
  if (description != NULL)
    adw_preferences_group_set_description (group, description);
  adw_preferences_page_add (page, group);
  return group;
}

/* a row with a switch bound to the boolean @key */
static GtkWidget *
add_switch (AdwPreferencesGroup *group,
            GSettings           *settings,
            const char          *key,
            const char          *title,
            const char          *subtitle)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *toggle = gtk_switch_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_widget_set_valign (toggle, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), toggle);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), toggle);
  gtk_widget_set_name (row, key);
  g_settings_bind (settings, key, toggle, "active", G_SETTINGS_BIND_DEFAULT);
  adw_preferences_group_add (group, row);
  return row;
}

/* a row with a text entry bound to the string @key */
static GtkWidget *
add_entry (AdwPreferencesGroup *group,
           GSettings           *settings,
           const char          *key,
           const char          *title)
{
  GtkWidget *row = adw_entry_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  gtk_widget_set_name (row, key);
  g_settings_bind (settings, key, row, "text", G_SETTINGS_BIND_DEFAULT);
  adw_preferences_group_add (group, row);
  return row;
}

/* the range of @key, or [-G_MAXDOUBLE, G_MAXDOUBLE] when it has none */
static void
key_range (GSettingsSchemaKey *key,
           double             *lower,
           double             *upper)
{
  g_autoptr (GVariant) range = g_settings_schema_key_get_range (key);
  g_autoptr (GVariant) limits = NULL;
  const char *kind;

  *lower = -G_MAXDOUBLE;
  *upper = G_MAXDOUBLE;
  g_variant_get (range, "(&sv)", &kind, &limits);
  if (!g_str_equal (kind, "range"))
    return;
  if (g_variant_is_of_type (limits, G_VARIANT_TYPE ("(ii)")))
    {
      gint32 lo, hi;

      g_variant_get (limits, "(ii)", &lo, &hi);
      *lower = lo, *upper = hi;
    }
  else if (g_variant_is_of_type (limits, G_VARIANT_TYPE ("(xx)")))
    {
      gint64 lo, hi;

      g_variant_get (limits, "(xx)", &lo, &hi);
      *lower = (double)lo, *upper = (double)hi;
    }
  else if (g_variant_is_of_type (limits, G_VARIANT_TYPE ("(dd)")))
    g_variant_get (limits, "(dd)", lower, upper);
}

/* The values the preferences offer for the number @spec: its range,
 * within what @key can hold; the step and digits follow from the spec's
 * type and range (a share takes two decimals, by 0.05) */
static void
param_range (const HpParamSpec  *spec,
             GSettingsSchemaKey *key,
             double             *lower,
             double             *upper,
             double             *step,
             guint              *digits)
{
  gboolean whole = spec->type != HP_PARAM_DOUBLE ||
                   !g_variant_type_equal (g_settings_schema_key_get_value_type (key), G_VARIANT_TYPE_DOUBLE);

  key_range (key, lower, upper);
  *lower = MAX (*lower, spec->minimum);
  *upper = MIN (*upper, spec->maximum);
  if (whole)
    *step = 1, *digits = 0;
  else if (spec->maximum - spec->minimum <= 1)
    *step = 0.05, *digits = 2;
  else
    *step = 1, *digits = 1;
}

/* the title of @spec's row: its title, and its unit */
static char *
param_title (const HpParamSpec *spec)
{
  if (g_strcmp0 (spec->unit, "us") == 0)
    /* Translators: a parameter's title and its unit, microseconds */
    return g_strdup_printf (_ ("%s (µs)"), _ (spec->title));
  return g_strdup (_ (spec->title));
}

/* what the row of @spec says under its title: its description and HTA's
 * keyword of it */
static char *
param_subtitle (const HpParamSpec *spec)
{
  /* Translators: a parameter's description and its name in Holistic
   * Trace Analysis, e.g. "… as others (num_kernels)" */
  return g_strdup_printf (_ ("%s (%s)"), spec->description != NULL ? _ (spec->description) : spec->help, spec->name);
}

static gboolean
choice_get_mapping (GValue   *value,
                    GVariant *variant,
                    gpointer  data)
{
  const HpParamSpec *spec = data;
  const char        *text = g_variant_get_string (variant, NULL);

  for (guint i = 0; spec->choices[i] != NULL; i++)
    if (g_str_equal (spec->choices[i], text))
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  return FALSE;
}

static GVariant *
choice_set_mapping (const GValue       *value,
                    const GVariantType *type,
                    gpointer            data)
{
  const HpParamSpec *spec = data;
  guint              i = g_value_get_uint (value);

  if (i >= g_strv_length ((char **)spec->choices))
    return NULL;
  return g_variant_new_string (spec->choices[i]);
}

/* a row for @spec, bound to @key of @settings: a spin button for a
 * number, a switch for a boolean, a combo for a string of a few choices,
 * an entry for any other text */
static GtkWidget *
add_param_row (AdwPreferencesGroup *group,
               GSettings           *settings,
               const HpParamSpec   *spec,
               GSettingsSchemaKey  *key)
{
  const char      *name = g_settings_schema_key_get_name (key);
  g_autofree char *title = param_title (spec);
  g_autofree char *subtitle = param_subtitle (spec);
  GtkWidget       *row;

  switch (spec->type)
    {
    case HP_PARAM_INT:
    case HP_PARAM_INT64:
    case HP_PARAM_DOUBLE:
      {
        GtkWidget *spin;
        double     lower, upper, step;
        guint      digits;

        param_range (spec, key, &lower, &upper, &step, &digits);
        spin = gtk_spin_button_new_with_range (lower, upper, step);
        gtk_spin_button_set_digits (GTK_SPIN_BUTTON (spin), digits);
        /* one width for every row, whatever the range */
        gtk_editable_set_width_chars (GTK_EDITABLE (spin), 7);
        gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
        row = adw_action_row_new ();
        adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
        adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
        adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
        adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
        g_settings_bind (settings, name, spin, "value", G_SETTINGS_BIND_DEFAULT);
        gtk_widget_set_name (row, name);
        adw_preferences_group_add (group, row);
        break;
      }
    case HP_PARAM_BOOLEAN:
      row = add_switch (group, settings, name, title, subtitle);
      break;
    case HP_PARAM_STRING:
      if (spec->choices != NULL)
        {
          row = adw_combo_row_new ();
          adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (gtk_string_list_new (spec->choices)));
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
          adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
          gtk_widget_set_name (row, name);
          g_settings_bind_with_mapping (settings, name, row, "selected", G_SETTINGS_BIND_DEFAULT,
                                        choice_get_mapping, choice_set_mapping, (gpointer)spec, NULL);
          adw_preferences_group_add (group, row);
          break;
        }
      G_GNUC_FALLTHROUGH;
    default:
      row = add_entry (group, settings, name, title);
      gtk_widget_set_tooltip_text (row, subtitle);
      break;
    }
  g_object_set_data (G_OBJECT (row), "hp-param-spec", (gpointer)spec);
  return row;
}

/**
 * hp_preferences_page_add_analyses:
 * @page: the page the groups go to
 * @settings: the settings the rows edit
 * @analyses: (array length=n_analyses): the analyses, in their order
 *
 * Adds a group per analysis that has parameters @settings keeps (titled
 * with the analysis' title) and a row per parameter (hp_settings_param_key()),
 * each made from the parameter's spec and bound to its key; a parameter
 * two analyses read has its row under the first.
 *
 * Returns: the number of rows added
 */
guint
hp_preferences_page_add_analyses (AdwPreferencesPage      *page,
                                  GSettings               *settings,
                                  const HpAnalysis *const *analyses,
                                  guint                    n_analyses)
{
  g_autoptr (GHashTable) shown = g_hash_table_new (NULL, NULL);
  guint n_rows = 0;

  for (guint a = 0; a < n_analyses; a++)
    {
      g_autoptr (GPtrArray) specs = hp_analysis_get_param_specs (analyses[a]);
      AdwPreferencesGroup *group = NULL;

      for (guint i = 0; i < specs->len; i++)
        {
          const HpParamSpec  *spec = specs->pdata[i];
          GSettingsSchemaKey *key;

          if (g_hash_table_contains (shown, spec) || (key = hp_settings_param_key (settings, spec)) == NULL)
            continue;
          if (group == NULL)
            group = add_group (page, _ (analyses[a]->title), NULL);
          add_param_row (group, settings, spec, key);
          g_settings_schema_key_unref (key);
          g_hash_table_add (shown, (gpointer)spec);
          n_rows++;
        }
    }
  return n_rows;
}

/* the analyses in the order of the CLI's help: each analysis where the
 * first parameter it reads is listed (hp_param_spec_list()) */
static GPtrArray *
analyses_in_option_order (void)
{
  GPtrArray                *order = g_ptr_array_new ();
  guint                     n_specs, n_analyses;
  const HpParamSpec *const *specs = hp_param_spec_list (&n_specs);
  const HpAnalysis *const  *analyses = hp_analysis_list (&n_analyses);

  for (guint i = 0; i < n_specs; i++)
    for (guint a = 0; a < n_analyses; a++)
      if (specs[i] != &hp_analysis_ranks_spec && hp_analysis_uses_param (analyses[a], specs[i]) &&
          !g_ptr_array_find (order, analyses[a], NULL))
        g_ptr_array_add (order, (gpointer)analyses[a]);
  for (guint a = 0; a < n_analyses; a++)
    if (!g_ptr_array_find (order, analyses[a], NULL))
      g_ptr_array_add (order, (gpointer)analyses[a]);
  return order;
}

/**
 * hp_preferences_window_new:
 * @parent: (nullable): the window it belongs to
 * @settings: the app's settings (hp_settings_new())
 *
 * The loading rules, then the analysis defaults: a group per analysis of
 * the registry, in the order of the CLI's help, and a row per parameter
 * the settings keep (hp_preferences_page_add_analyses()).
 *
 * Returns: (transfer floating): a preferences window, not shown yet
 */
GtkWindow *
hp_preferences_window_new (GtkWindow *parent,
                           GSettings *settings)
{
  AdwPreferencesWindow *window;
  AdwPreferencesPage   *page;
  AdwPreferencesGroup  *group;
  g_autoptr (GPtrArray) analyses = NULL;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  window = ADW_PREFERENCES_WINDOW (adw_preferences_window_new ());
  page = ADW_PREFERENCES_PAGE (adw_preferences_page_new ());
  gtk_window_set_title (GTK_WINDOW (window), _ ("Preferences"));
  gtk_window_set_modal (GTK_WINDOW (window), TRUE);
  gtk_window_set_transient_for (GTK_WINDOW (window), parent);
  gtk_window_set_default_size (GTK_WINDOW (window), 640, 720);
  adw_preferences_page_set_title (page, _ ("Analyses"));
  adw_preferences_page_set_icon_name (page, "preferences-system-symbolic");

  group = add_group (page, _ ("Loading"), _ ("Open folders load again with the new rules."));
  add_switch (group, settings, "hta-compat", _ ("HTA Compatibility Mode"),
              _ ("Reproduce Holistic Trace Analysis' numbers exactly, its known quirks included"));
  add_switch (group, settings, "include-last-step", _ ("Include the Last Iteration"),
              _ ("Keep the last ProfilerStep, which HTA drops as often incomplete"));
  add_entry (group, settings, "comm-patterns", _ ("Communication Pattern File"));

  add_group (page, _ ("Analysis Defaults"),
             _ ("Used by the next folder opened; each tab changes them for the folder it shows."));
  analyses = analyses_in_option_order ();
  hp_preferences_page_add_analyses (page, settings, (const HpAnalysis *const *)analyses->pdata, analyses->len);

  adw_preferences_window_add (window, page);
  return GTK_WINDOW (window);
}

/**
 * hp_about_window_new:
 * @parent: (nullable): the window it belongs to
 *
 * Returns: (transfer floating): the about window, not shown yet
 */
GtkWindow *
hp_about_window_new (GtkWindow *parent)
{
  const char *developers[] = { _ ("The Hotpath developers"), NULL };
  GtkWidget  *about = adw_about_window_new ();

  g_object_set (about,
                "transient-for", parent,
                "modal", TRUE,
                "application-name", _ ("Hotpath"),
                "application-icon", APPLICATION_ID,
                "version", PACKAGE_VERSION,
                "developer-name", _ ("The Hotpath developers"),
                "developers", developers,
                "comments", _ ("Find the bottlenecks in PyTorch profiler traces"),
                "website", "https://github.com/hotpath/hotpath",
                "issue-url", "https://github.com/hotpath/hotpath/issues",
                "license-type", GTK_LICENSE_GPL_3_0,
                /* Translators: your names, one per line */
                "translator-credits", _ ("translator-credits"),
                NULL);
  return GTK_WINDOW (about);
}
