/* test-preferences.c — the preferences' analysis rows are made from the
 * parameter specs: the registry's rows match the gathered spec list, and
 * a toy analysis' parameters appear as rows, bound to their keys, without
 * a line of the dialog naming them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "hp-preferences-window.h"
#include "hp-settings.h"
#include "hp-ui-test-utils.h"

/* a toy analysis with one parameter of each kind of row */
static const char *const toy_modes[] = { "fast", "exact", NULL };
static const HpParamSpec toy_longest = {
  "toy_longest",
  HP_PARAM_INT,
  HP_PARAM_IN_BAG,
  3,
  1,
  100,
  NULL,
  N_ ("Longest events"),
  "Toy: longest events (3)",
  "N",
  N_ ("How many of the longest events per rank"),
  NULL,
  HP_PARAM_PERSIST,
};
static const HpParamSpec toy_share = {
  "toy_share",
  HP_PARAM_DOUBLE,
  HP_PARAM_IN_BAG,
  0.5,
  0,
  1,
  NULL,
  N_ ("Share"),
  "Toy: a ratio (0.5)",
  "R",
  N_ ("A share of the time"),
  NULL,
  HP_PARAM_PERSIST,
};
static const HpParamSpec toy_flag = {
  "toy_flag",
  HP_PARAM_BOOLEAN,
  HP_PARAM_IN_BAG,
  TRUE,
  0,
  1,
  NULL,
  N_ ("Flag"),
  "Toy: a flag (true)",
  "BOOL",
  N_ ("Whether to flag"),
  NULL,
  HP_PARAM_PERSIST,
};
static const HpParamSpec toy_mode = {
  "toy_mode",
  HP_PARAM_STRING,
  HP_PARAM_IN_BAG,
  0,
  0,
  0,
  NULL,
  N_ ("Mode"),
  "Toy: fast or exact",
  "NAME",
  N_ ("How to count"),
  toy_modes,
  HP_PARAM_PERSIST,
};
static const HpParamSpec toy_label = {
  "toy_label",
  HP_PARAM_STRING,
  HP_PARAM_IN_BAG,
  0,
  0,
  0,
  NULL,
  N_ ("Label"),
  "Toy: a label",
  "NAME",
  N_ ("A label"),
  NULL,
  HP_PARAM_PERSIST,
};
/* not flagged to be kept, nor in the toy schema: no row */
static const HpParamSpec toy_unkept = {
  "toy_unkept",
  HP_PARAM_INT,
  HP_PARAM_IN_BAG,
  1,
  0,
  9,
  NULL,
  N_ ("Unkept"),
  "Toy: not kept",
  "N",
};

static const HpAnalysis toy_analysis = {
  .name = "toy_analysis",
  .title = N_ ("Toy analysis"),
  .specs = (const HpParamSpec *const[]){ &toy_longest, &toy_share, &toy_flag, &toy_mode, &toy_label, &toy_unkept, NULL },
};

static void
collect_rows (GtkWidget *widget,
              GPtrArray *rows)
{
  if (g_object_get_data (G_OBJECT (widget), "hp-param-spec") != NULL)
    g_ptr_array_add (rows, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    collect_rows (child, rows);
}

/* the preferences group @row is in */
static AdwPreferencesGroup *
group_of (GtkWidget *row)
{
  GtkWidget *group = gtk_widget_get_ancestor (row, ADW_TYPE_PREFERENCES_GROUP);

  g_assert_nonnull (group);
  return ADW_PREFERENCES_GROUP (group);
}

/* the range of @key, as the schema says it */
static void
key_limits (GSettingsSchemaKey *key,
            double             *lower,
            double             *upper)
{
  g_autoptr (GVariant) range = g_settings_schema_key_get_range (key);
  g_autoptr (GVariant) limits = NULL;
  const char *kind;

  *lower = -G_MAXDOUBLE, *upper = G_MAXDOUBLE;
  g_variant_get (range, "(&sv)", &kind, &limits);
  if (g_variant_is_of_type (limits, G_VARIANT_TYPE ("(ii)")))
    {
      gint32 a, b;

      g_variant_get (limits, "(ii)", &a, &b);
      *lower = a, *upper = b;
    }
  else if (g_variant_is_of_type (limits, G_VARIANT_TYPE ("(dd)")))
    g_variant_get (limits, "(dd)", lower, upper);
}

/* the row of @spec shows the spec's title and, for a number, its range
 * (within what the key holds) */
static void
check_row (GtkWidget          *row,
           const HpParamSpec  *spec,
           GSettingsSchemaKey *key)
{
  const char *title = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row));

  g_assert_true (g_object_get_data (G_OBJECT (row), "hp-param-spec") == spec);
  g_assert_cmpstr (gtk_widget_get_name (row), ==, g_settings_schema_key_get_name (key));
  g_assert_true (g_str_has_prefix (title, _ (spec->title)));
  g_assert_true (g_strcmp0 (spec->unit, "us") != 0 || g_str_has_suffix (title, "(µs)"));
  if (ADW_IS_ACTION_ROW (row) && spec->description != NULL)
    g_assert_true (g_str_has_prefix (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), _ (spec->description)));
  switch (spec->type)
    {
    case HP_PARAM_INT:
    case HP_PARAM_INT64:
    case HP_PARAM_DOUBLE:
      {
        GtkWidget *spin = hp_ui_test_find_widget_of_type (row, GTK_TYPE_SPIN_BUTTON);
        double     lower, upper, key_lower, key_upper;

        g_assert_nonnull (spin);
        gtk_spin_button_get_range (GTK_SPIN_BUTTON (spin), &lower, &upper);
        key_limits (key, &key_lower, &key_upper);
        g_assert_cmpfloat (lower, ==, MAX (spec->minimum, key_lower));
        g_assert_cmpfloat (upper, ==, MIN (spec->maximum, key_upper));
        break;
      }
    case HP_PARAM_BOOLEAN:
      g_assert_nonnull (hp_ui_test_find_widget_of_type (row, GTK_TYPE_SWITCH));
      break;
    default:
      g_assert_true (ADW_IS_COMBO_ROW (row) == (spec->choices != NULL));
      g_assert_true (ADW_IS_ENTRY_ROW (row) == (spec->choices == NULL));
      break;
    }
}

/* whether @title is the title of an analysis that reads @spec */
static gboolean
titles_a_reader (const char        *title,
                 const HpParamSpec *spec)
{
  guint                    n;
  const HpAnalysis *const *analyses = hp_analysis_list (&n);

  for (guint a = 0; a < n; a++)
    if (g_strcmp0 (_ (analyses[a]->title), title) == 0 && hp_analysis_uses_param (analyses[a], spec))
      return TRUE;
  return FALSE;
}

/* The app's window: a row per parameter the schema keeps, in the order of
 * the CLI's help (the gathered spec list), each under the title of an
 * analysis that reads it; the rows of one analysis in one group */
static void
test_rows_from_specs (void)
{
  g_autoptr (GSettings) settings = hp_settings_new ();
  g_autoptr (GPtrArray) rows = g_ptr_array_new ();
  g_autoptr (GPtrArray) expected = g_ptr_array_new ();
  g_autoptr (GPtrArray) groups = g_ptr_array_new ();
  guint                     n_specs;
  const HpParamSpec *const *specs = hp_param_spec_list (&n_specs);
  GtkWindow                *prefs;

  g_assert_nonnull (settings);
  for (guint i = 0; i < n_specs; i++)
    {
      GSettingsSchemaKey *key = hp_settings_param_key (settings, specs[i]);

      if (key != NULL)
        g_ptr_array_add (expected, (gpointer)specs[i]);
      g_clear_pointer (&key, g_settings_schema_key_unref);
    }
  /* the schema keeps the kernel breakdown's, idle time's and launch
   * statistics' thresholds */
  g_assert_cmpuint (expected->len, >=, 5);
  g_assert_true (g_ptr_array_find (expected, &hp_kernel_breakdown_num_kernels_spec, NULL));
  g_assert_true (g_ptr_array_find (expected, &hp_idle_time_consecutive_kernel_delay_spec, NULL));
  g_assert_true (g_ptr_array_find (expected, &hp_launch_stats_launch_delay_cutoff_spec, NULL));

  prefs = hp_preferences_window_new (NULL, settings);
  gtk_window_present (prefs);
  collect_rows (GTK_WIDGET (prefs), rows);
  g_assert_cmpuint (rows->len, ==, expected->len);
  for (guint i = 0; i < rows->len; i++)
    {
      GSettingsSchemaKey  *key = hp_settings_param_key (settings, expected->pdata[i]);
      AdwPreferencesGroup *group = group_of (rows->pdata[i]);

      check_row (rows->pdata[i], expected->pdata[i], key);
      g_assert_true (titles_a_reader (adw_preferences_group_get_title (group), expected->pdata[i]));
      /* a group is not opened twice */
      if (groups->len == 0 || groups->pdata[groups->len - 1] != group)
        {
          g_assert_false (g_ptr_array_find (groups, group, NULL));
          g_ptr_array_add (groups, group);
        }
      g_settings_schema_key_unref (key);
    }
  /* the first group is the kernel breakdown's, as in the CLI's help */
  g_assert_cmpstr (adw_preferences_group_get_title (groups->pdata[0]), ==, _ (hp_kernel_breakdown_analysis.title));
  gtk_window_destroy (prefs);
}

static GtkWidget *
row_of (GPtrArray         *rows,
        const HpParamSpec *spec)
{
  for (guint i = 0; i < rows->len; i++)
    if (g_object_get_data (rows->pdata[i], "hp-param-spec") == spec)
      return rows->pdata[i];
  g_assert_not_reached ();
}

/* The toy analysis: its kept parameters appear as rows of their kinds,
 * with the spec's titles and ranges; a change of a row changes the
 * setting, and the setting reaches the parameters' bag */
static void
test_toy_spec (void)
{
  g_autoptr (GSettingsSchemaSource) source = NULL;
  g_autoptr (GSettingsSchema) schema = NULL;
  g_autoptr (GSettings) settings = NULL;
  g_autoptr (GPtrArray) rows = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char         *mode = NULL;
  g_autofree char         *label = NULL;
  const HpAnalysis *const  analyses[] = { &toy_analysis };
  const HpParamSpec *const kept[] = { &toy_longest, &toy_share, &toy_flag, &toy_mode, &toy_label };
  AdwPreferencesWindow    *window = ADW_PREFERENCES_WINDOW (adw_preferences_window_new ());
  AdwPreferencesPage      *page = ADW_PREFERENCES_PAGE (adw_preferences_page_new ());
  HpAnalysisParams         params;
  GtkWidget               *spin;

  source = g_settings_schema_source_new_from_directory (HP_TOY_SCHEMA_DIR, NULL, TRUE, &error);
  g_assert_no_error (error);
  schema = g_settings_schema_source_lookup (source, "io.github.hotpath.Toy", FALSE);
  g_assert_nonnull (schema);
  settings = g_settings_new_full (schema, NULL, NULL);

  g_assert_cmpuint (hp_preferences_page_add_analyses (page, settings, analyses, 1), ==, G_N_ELEMENTS (kept));
  adw_preferences_window_add (window, page);
  gtk_window_present (GTK_WINDOW (window));
  collect_rows (GTK_WIDGET (window), rows);
  g_assert_cmpuint (rows->len, ==, G_N_ELEMENTS (kept));
  for (guint i = 0; i < G_N_ELEMENTS (kept); i++)
    {
      g_autoptr (GSettingsSchemaKey) key = hp_settings_param_key (settings, kept[i]);

      g_assert_nonnull (key);
      check_row (rows->pdata[i], kept[i], key);
      g_assert_cmpstr (adw_preferences_group_get_title (group_of (rows->pdata[i])), ==, "Toy analysis");
    }
  g_assert_null (hp_settings_param_key (settings, &toy_unkept));
  /* the spec decides: a key of the schema does not keep a spec that is
   * not flagged to be kept */
  {
    HpParamSpec unflagged = toy_longest;

    unflagged.flags &= ~HP_PARAM_PERSIST;
    g_assert_true (g_settings_schema_has_key (schema, "toy-longest"));
    g_assert_null (hp_settings_param_key (settings, &unflagged));
  }

  /* the spin offers the spec's range, narrower than the key's */
  spin = hp_ui_test_find_widget_of_type (row_of (rows, &toy_longest), GTK_TYPE_SPIN_BUTTON);
  {
    double lower, upper;

    gtk_spin_button_get_range (GTK_SPIN_BUTTON (spin), &lower, &upper);
    g_assert_cmpfloat (lower, ==, 1);
    g_assert_cmpfloat (upper, ==, 100);
    g_assert_cmpuint (gtk_spin_button_get_digits (GTK_SPIN_BUTTON (spin)), ==, 0);
    g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (spin)), ==, 3);
  }
  g_assert_cmpuint (gtk_spin_button_get_digits (GTK_SPIN_BUTTON (hp_ui_test_find_widget_of_type (
                        row_of (rows, &toy_share), GTK_TYPE_SPIN_BUTTON))),
                    ==, 2);

  /* rows → settings → the bag */
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 7);
  g_assert_cmpint (g_settings_get_int (settings, "toy-longest"), ==, 7);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (hp_ui_test_find_widget_of_type (row_of (rows, &toy_share), GTK_TYPE_SPIN_BUTTON)),
                             0.25);
  g_assert_cmpfloat (g_settings_get_double (settings, "toy-share"), ==, 0.25);
  gtk_switch_set_active (GTK_SWITCH (hp_ui_test_find_widget_of_type (row_of (rows, &toy_flag), GTK_TYPE_SWITCH)), FALSE);
  g_assert_false (g_settings_get_boolean (settings, "toy-flag"));
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (row_of (rows, &toy_mode))), ==, 0);
  adw_combo_row_set_selected (ADW_COMBO_ROW (row_of (rows, &toy_mode)), 1);
  mode = g_settings_get_string (settings, "toy-mode");
  g_assert_cmpstr (mode, ==, "exact");
  gtk_editable_set_text (GTK_EDITABLE (row_of (rows, &toy_label)), "warm-up");
  label = g_settings_get_string (settings, "toy-label");
  g_assert_cmpstr (label, ==, "warm-up");

  hp_analysis_params_init (&params);
  for (guint i = 0; i < G_N_ELEMENTS (kept); i++)
    hp_settings_load_param (settings, kept[i], &params);
  hp_settings_load_param (settings, &toy_unkept, &params);
  g_assert_cmpint (hp_analysis_params_get_int (&params, &toy_longest), ==, 7);
  g_assert_cmpfloat (hp_analysis_params_get_double (&params, &toy_share), ==, 0.25);
  g_assert_false (hp_analysis_params_get_boolean (&params, &toy_flag));
  g_assert_cmpstr (hp_analysis_params_get_string (&params, &toy_mode), ==, "exact");
  g_assert_cmpstr (hp_analysis_params_get_string (&params, &toy_label), ==, "warm-up");
  g_assert_cmpint (hp_analysis_params_get_int (&params, &toy_unkept), ==, 1);

  /* settings → rows; a kept value outside the spec's range (the key
   * allows it) reaches the bag clamped to it */
  g_settings_set_string (settings, "toy-mode", "fast");
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (row_of (rows, &toy_mode))), ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_set_int (settings, "toy-longest", 500);
  hp_settings_load_param (settings, &toy_longest, &params);
  g_assert_cmpint (hp_analysis_params_get_int (&params, &toy_longest), ==, 100);
  hp_analysis_params_clear (&params);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  adw_init ();

  g_test_add_func ("/ui/preferences/rows-from-specs", test_rows_from_specs);
  g_test_add_func ("/ui/preferences/toy-spec", test_toy_spec);

  return g_test_run ();
}
