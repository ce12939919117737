/* test-registry.c — the analysis registry and the parameter specs: every
 * entry is complete and true to what its analysis returns, and the specs
 * give HTA's defaults, check values and say what a change affects.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>
#include <math.h>
#include <string.h>

#include "hp-core.h"
#include "hp-test-utils.h"

/* the value of the number or boolean parameter @name */
static double
number (const HpAnalysisParams *params,
        const char             *name)
{
  return hp_param_get_number (hp_param_spec_find (name), params);
}

static void
set_number (HpAnalysisParams *params,
            const char       *name,
            double            value)
{
  hp_param_set_number (hp_param_spec_find (name), params, value);
}

/* Every analysis names its tables, and returns only tables it names, on
 * a real trace in both modes; every parameter it names exists. */
static void
test_registry_entries (HpTestTraceFixture *fixture,
                       gconstpointer       data)
{
  guint                    n;
  const HpAnalysis *const *analyses = hp_analysis_list (&n);

  g_assert_cmpuint (n, >=, 10);
  for (HpMode mode = HP_MODE_DEFAULT; mode <= HP_MODE_HTA_COMPAT; mode++)
    {
      HpTrace *trace = mode == HP_MODE_DEFAULT ? fixture->trace : fixture->compat;

      for (guint i = 0; i < n; i++)
        {
          const HpAnalysis *a = analyses[i];
          g_autoptr (GError) error = NULL;
          g_autoptr (GPtrArray) tables = hp_analysis_run (a, trace, NULL, NULL, &error);

          g_test_message ("%s", a->name);
          g_assert_nonnull (a->title);
          g_assert_nonnull (a->section);
          g_assert_nonnull (a->func);
          g_assert_true (hp_analysis_find (a->name) == a);
          g_assert_nonnull (a->tables);
          g_assert_nonnull (a->tables[0]);
          for (guint p = 0; a->shared_params != NULL && a->shared_params[p] != NULL; p++)
            g_assert_true (hp_param_spec_find (a->shared_params[p]->name) == a->shared_params[p]);
          /* a table name belongs to one analysis only */
          for (guint t = 0; a->tables[t] != NULL; t++)
            {
              g_assert_true (hp_analysis_find_by_table (a->tables[t]) == a);
              g_assert_cmpint (hp_analysis_table_index (a, a->tables[t]), ==, (int)t);
            }
          g_assert_true (a->row_events != NULL || a->row_events_tables == 0);

          g_assert_no_error (error);
          g_assert_cmpuint (tables->len, >, 0);
          for (guint t = 0; t < tables->len; t++)
            {
              const char *name = hp_table_get_name (tables->pdata[t]);

              g_assert_cmpint (hp_analysis_table_index (a, name), >=, 0);
              g_assert_true (hp_analysis_result_find_table (tables, name) == tables->pdata[t]);
            }
        }
    }
  g_assert_null (hp_analysis_find_by_table ("no_such_table"));
}

/* a key of the settings schema: its name, type and default as written */
typedef struct
{
  GPtrArray *names;
  GPtrArray *types;
  GPtrArray *defaults;
  GString   *text;
  gboolean   in_default;
} SchemaKeys;

static void
schema_start (GMarkupParseContext *context,
              const char          *element,
              const char         **attr_names,
              const char         **attr_values,
              gpointer             data,
              GError             **error)
{
  SchemaKeys *keys = data;

  if (g_str_equal (element, "key"))
    {
      const char *name = NULL, *type = NULL;

      for (guint i = 0; attr_names[i] != NULL; i++)
        if (g_str_equal (attr_names[i], "name"))
          name = attr_values[i];
        else if (g_str_equal (attr_names[i], "type"))
          type = attr_values[i];
      g_assert_nonnull (name);
      g_ptr_array_add (keys->names, g_strdup (name));
      g_ptr_array_add (keys->types, g_strdup (type != NULL ? type : ""));
    }
  else if (g_str_equal (element, "default"))
    {
      keys->in_default = TRUE;
      g_string_truncate (keys->text, 0);
    }
}

static void
schema_end (GMarkupParseContext *context,
            const char          *element,
            gpointer             data,
            GError             **error)
{
  SchemaKeys *keys = data;

  if (g_str_equal (element, "default"))
    {
      keys->in_default = FALSE;
      g_ptr_array_add (keys->defaults, g_strstrip (g_strdup (keys->text->str)));
    }
}

static void
schema_text (GMarkupParseContext *context,
             const char          *text,
             gsize                len,
             gpointer             data,
             GError             **error)
{
  SchemaKeys *keys = data;

  if (keys->in_default)
    g_string_append_len (keys->text, text, len);
}

/* the compiled key @name holds only values of @spec: its range, when it
 * has one, is within the spec's */
static void
check_key_range (const char        *name,
                 const HpParamSpec *spec)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr (GSettingsSchema) schema = NULL;
  g_autoptr (GSettingsSchemaKey) key = NULL;
  g_autoptr (GVariant) range = NULL;
  g_autoptr (GVariant) limits = NULL;
  const char *kind;
  double      lower, upper;

  g_assert_nonnull (source); /* GSETTINGS_SCHEMA_DIR: the build's schema */
  schema = g_settings_schema_source_lookup (source, APPLICATION_ID, TRUE);
  g_assert_nonnull (schema);
  key = g_settings_schema_get_key (schema, name);
  range = g_settings_schema_key_get_range (key);
  g_variant_get (range, "(&sv)", &kind, &limits);
  if (!g_str_equal (kind, "range"))
    return;
  if (g_variant_is_of_type (limits, G_VARIANT_TYPE ("(ii)")))
    {
      gint32 a, b;

      g_variant_get (limits, "(ii)", &a, &b);
      lower = a, upper = b;
    }
  else if (g_variant_is_of_type (limits, G_VARIANT_TYPE ("(xx)")))
    {
      gint64 a, b;

      g_variant_get (limits, "(xx)", &a, &b);
      lower = (double)a, upper = (double)b;
    }
  else
    g_variant_get (limits, "(dd)", &lower, &upper);
  g_assert_cmpfloat (lower, >=, spec->minimum);
  g_assert_cmpfloat (upper, <=, spec->maximum);
}

/* parses the `<key>` elements of @xml into @keys */
static void
parse_schema_keys (const char *xml,
                   SchemaKeys *keys)
{
  static const GMarkupParser parser = { schema_start, schema_end, schema_text, NULL, NULL };
  g_autoptr (GError) error = NULL;
  GMarkupParseContext *context = g_markup_parse_context_new (&parser, 0, keys, NULL);

  g_assert_true (g_markup_parse_context_parse (context, xml, -1, &error));
  g_assert_true (g_markup_parse_context_end_parse (context, &error));
  g_assert_no_error (error);
  g_markup_parse_context_free (context);
  g_assert_cmpuint (keys->names->len, ==, keys->defaults->len);
}

static void
schema_keys_clear (SchemaKeys *keys)
{
  g_ptr_array_unref (keys->names);
  g_ptr_array_unref (keys->types);
  g_ptr_array_unref (keys->defaults);
  g_string_free (keys->text, TRUE);
}

#define SCHEMA_KEYS_INIT                                                              \
  {                                                                                   \
    g_ptr_array_new_with_free_func (g_free), g_ptr_array_new_with_free_func (g_free), \
        g_ptr_array_new_with_free_func (g_free), g_string_new (NULL), FALSE           \
  }

/* the type of the key @name in @keys, or NULL */
static const char *
schema_key_type (const SchemaKeys *keys,
                 const char       *name)
{
  for (guint i = 0; i < keys->names->len; i++)
    if (g_str_equal (keys->names->pdata[i], name))
      return keys->types->pdata[i];
  return NULL;
}

/* The settings schema the build writes has the window's and the loader's
 * keys and exactly one key per spec flagged HP_PARAM_PERSIST: its name is
 * the spec's CLI option, its type fits the spec's, its default is the
 * spec's and its range within the spec's. The keys kept before the
 * schema was written from the specs keep their names and types, so the
 * values users saved still load. */
static void
test_settings_keys (void)
{
  static const char *const not_params[] = { "window-width", "window-height", "window-maximized", "recent-folders",
                                            "hta-compat", "comm-patterns", "include-last-step", NULL };
  static const char *const saved[][2] = {
    { "num-kernels", "i" },
    { "duration-ratio", "d" },
    { "runtime-cutoff", "i" },
    { "launch-delay-cutoff", "i" },
    { "consecutive-kernel-delay", "i" },
  };
  g_autofree char *path = NULL;
  g_autofree char *xml = NULL;
  g_autoptr (GError) error = NULL;
  SchemaKeys                keys = SCHEMA_KEYS_INIT;
  guint                     n_params = 0, n_persisted = 0, n_specs;
  const HpParamSpec *const *specs = hp_param_spec_list (&n_specs);

  /* the schema the build wrote, the one compiled and installed */
  path = g_test_build_filename (G_TEST_BUILT, "..", "data", "io.github.hotpath.Hotpath.gschema.xml", NULL);
  g_assert_true (g_file_get_contents (path, &xml, NULL, &error));
  g_assert_no_error (error);
  parse_schema_keys (xml, &keys);

  for (guint i = 0; i < keys.names->len; i++)
    {
      const char        *name = keys.names->pdata[i];
      const char        *type = keys.types->pdata[i];
      const char        *text = keys.defaults->pdata[i];
      const HpParamSpec *spec;
      double             value;

      if (g_strv_contains (not_params, name))
        continue;
      spec = hp_param_spec_find (name);
      g_test_message ("settings key %s, default %s", name, text);
      g_assert_nonnull (spec);
      g_assert_true ((spec->flags & HP_PARAM_PERSIST) != 0);
      if (g_str_equal (type, "b"))
        {
          g_assert_true (g_str_equal (text, "true") || g_str_equal (text, "false"));
          g_assert_cmpint (spec->type, ==, HP_PARAM_BOOLEAN);
          value = g_str_equal (text, "true");
        }
      else if (g_str_equal (type, "s"))
        {
          /* a text or a list, with no default: every one, or none */
          g_assert_cmpint (spec->type, >, HP_PARAM_BOOLEAN);
          g_assert_cmpstr (text, ==, "''");
          value = spec->default_value;
        }
      else
        {
          char *end = NULL;

          g_assert_true (g_str_equal (type, "i") || g_str_equal (type, "x") || g_str_equal (type, "d"));
          g_assert_cmpint (spec->type, <=, HP_PARAM_DOUBLE);
          value = g_ascii_strtod (text, &end);
          g_assert_true (end != text && *end == '\0');
        }
      g_assert_cmpfloat (value, ==, spec->default_value);
      check_key_range (name, spec);
      n_params++;
    }
  for (guint i = 0; i < n_specs; i++)
    if ((specs[i]->flags & HP_PARAM_PERSIST) != 0)
      n_persisted++;
  /* a key for each kept spec, none for the others, and the app's own */
  g_assert_cmpuint (n_params, ==, n_persisted);
  g_assert_cmpuint (keys.names->len, ==, n_params + g_strv_length ((char **)not_params));
  for (guint i = 0; i < G_N_ELEMENTS (saved); i++)
    g_assert_cmpstr (schema_key_type (&keys, saved[i][0]), ==, saved[i][1]);
  schema_keys_clear (&keys);
}

/* A spec flagged HP_PARAM_PERSIST gets a key of the schema, written from
 * it: named as its CLI option, of the type its value fits, with its
 * default, range, title and description, escaped; a spec not flagged
 * gets none. */
static void
test_schema_key (void)
{
  static const HpParamSpec        toy_count = { "toy_count", HP_PARAM_INT, HP_PARAM_IN_BAG, 7, 2, 40, NULL, "Count <toy>",
                                                "Toy: count", "N", "How many & more", NULL, HP_PARAM_PERSIST };
  static const HpParamSpec        toy_time = { "toy_time", HP_PARAM_DOUBLE, HP_PARAM_IN_BAG, 25, 0, 1e12, "us", "Time",
                                               "Toy: time", "US", NULL, NULL, HP_PARAM_PERSIST | HP_PARAM_PERSIST_WHOLE };
  static const HpParamSpec        toy_ratio = { "toy_ratio", HP_PARAM_DOUBLE, HP_PARAM_IN_BAG, 0.25, 0, 1, NULL, "Ratio",
                                                "Toy: ratio", "R", "A share", NULL, HP_PARAM_PERSIST };
  static const HpParamSpec        toy_flag = { "toy_flag", HP_PARAM_BOOLEAN, HP_PARAM_IN_BAG, TRUE, 0, 1, NULL, "Flag",
                                               "Toy: flag", "BOOL", "A flag", NULL, HP_PARAM_PERSIST };
  static const HpParamSpec        toy_list = { "toy_list", HP_PARAM_INT_LIST, HP_PARAM_IN_BAG, 0, 0, 9, NULL, "List",
                                               "Toy: list", "LIST", "A list", NULL, HP_PARAM_PERSIST };
  static const HpParamSpec        toy_unkept = { "toy_unkept", HP_PARAM_INT, HP_PARAM_IN_BAG, 1, 0, 9, NULL, "Unkept",
                                                 "Toy: unkept", "N", "Not kept" };
  static const HpParamSpec *const toys[] = { &toy_count, &toy_unkept, &toy_time, &toy_ratio, &toy_flag, &toy_list };
  static const char *const        expected[][3] = {
           { "toy-count", "i", "7" },
           { "toy-time", "i", "25" },
           { "toy-ratio", "d", "0.25" },
           { "toy-flag", "b", "true" },
           { "toy-list", "s", "''" },
  };
  g_autofree char *count = hp_param_schema_key (&toy_count);
  g_autofree char *time = hp_param_schema_key (&toy_time);
  g_autofree char *all = hp_param_schema_keys (toys, G_N_ELEMENTS (toys));
  g_autofree char *xml = NULL;
  SchemaKeys       keys = SCHEMA_KEYS_INIT;

  g_assert_null (hp_param_schema_key (&toy_unkept));
  g_assert_nonnull (strstr (count, "<range min=\"2\" max=\"40\"/>"));
  g_assert_nonnull (strstr (count, "<summary>Count &lt;toy&gt;</summary>"));
  g_assert_nonnull (strstr (count, "<description>How many &amp; more</description>"));
  /* a whole number of microseconds: the range within a 32-bit key's, and
   * the one-line help describes a spec without a description */
  g_assert_nonnull (strstr (time, "<range min=\"0\" max=\"2147483647\"/>"));
  g_assert_nonnull (strstr (time, "<description>Toy: time</description>"));

  xml = g_strdup_printf ("<schemalist><schema id=\"toy\">%s</schema></schemalist>", all);
  parse_schema_keys (xml, &keys);
  g_assert_cmpuint (keys.names->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_assert_cmpstr (keys.names->pdata[i], ==, expected[i][0]);
      g_assert_cmpstr (keys.types->pdata[i], ==, expected[i][1]);
      g_assert_cmpstr (keys.defaults->pdata[i], ==, expected[i][2]);
    }
  g_assert_cmpstr (schema_key_type (&keys, "toy-unkept"), ==, NULL);
  schema_keys_clear (&keys);
}

/* Every parameter is listed once, in the order of the CLI's help (which
 * must not change), gathered from the descriptors: each analysis' own
 * specs are in the list, and every listed spec is read by an analysis. */
static void
test_param_list (void)
{
  static const char *const expected[] = {
    "ranks",
    "num_kernels",
    "duration_ratio",
    "include_memory_kernels",
    "show_idle_interval_stats",
    "consecutive_kernel_delay",
    "streams",
    "use_gpu_annotation",
    "annotation_num_kernels",
    "annotation_duration_ratio",
    "allowlist_patterns",
    "expand_names",
    "shorten_names",
    "runtime_cutoff",
    "launch_delay_cutoff",
    "include_memory_events",
    "max_queue_length",
    "steps",
    "num_candidates",
    "critical_path_rank",
    "critical_path_step",
    "critical_path_data_load_events",
    "critical_path_zero_weight_launch_edges",
    "operator",
    "rank",
    "min_pattern_len",
    "top_k",
    "compress_other_kernels",
    NULL,
  };
  guint                     n, n_analyses;
  const HpParamSpec *const *specs = hp_param_spec_list (&n);
  const HpAnalysis *const  *analyses = hp_analysis_list (&n_analyses);
  g_autoptr (GHashTable) names = g_hash_table_new (g_str_hash, g_str_equal);

  g_assert_cmpuint (n, ==, g_strv_length ((char **)expected));
  for (guint i = 0; i < n; i++)
    {
      guint readers = 0;

      g_assert_cmpstr (specs[i]->name, ==, expected[i]);
      g_assert_true (g_hash_table_add (names, (gpointer)specs[i]->name));
      for (guint a = 0; a < n_analyses; a++)
        readers += hp_analysis_uses_param (analyses[a], specs[i]);
      g_assert_cmpuint (readers, >=, 1);
    }
  for (guint a = 0; a < n_analyses; a++)
    {
      g_autoptr (GPtrArray) reads = hp_analysis_get_param_specs (analyses[a]);

      for (guint s = 0; analyses[a]->specs != NULL && analyses[a]->specs[s] != NULL; s++)
        {
          g_assert_true (hp_param_spec_find (analyses[a]->specs[s]->name) == analyses[a]->specs[s]);
          g_assert_true (hp_analysis_uses_param (analyses[a], analyses[a]->specs[s]));
        }
      for (guint s = 0; s < reads->len; s++)
        g_assert_true (hp_analysis_uses_param (analyses[a], reads->pdata[s]));
    }
  g_assert_null (hp_param_spec_find ("no_such_parameter"));
  g_assert_null (hp_param_spec_find ("num_kernel"));
  g_assert_null (hp_param_spec_find ("num_kernels_"));
}

/* The typed setters write what the typed getters read, for each type,
 * and a copy holds its own values */
static void
test_param_setters (void)
{
  const HpParamSpec *num_kernels = hp_param_spec_find ("num_kernels");
  const HpParamSpec *queue = hp_param_spec_find ("max_queue_length");
  const HpParamSpec *delay = hp_param_spec_find ("consecutive_kernel_delay");
  const HpParamSpec *memory = hp_param_spec_find ("include_memory_kernels");
  const HpParamSpec *ranks = hp_param_spec_find ("ranks");
  const HpParamSpec *allow = hp_param_spec_find ("allowlist_patterns");
  const HpParamSpec *op = hp_param_spec_find ("operator");
  const char *const  names[] = { "forward", "backward", NULL };
  g_autoptr (GArray) items = g_array_new (FALSE, FALSE, sizeof (int));
  HpAnalysisParams params, copy;
  int              two = 2, five = 5;

  g_array_append_val (items, two);
  g_array_append_val (items, five);
  hp_analysis_params_init (&params);
  hp_analysis_params_set_int (&params, num_kernels, 7);
  hp_analysis_params_set_int64 (&params, queue, G_GINT64_CONSTANT (5000000000));
  hp_analysis_params_set_double (&params, delay, 12.5);
  hp_analysis_params_set_boolean (&params, memory, FALSE);
  hp_analysis_params_set_list (&params, ranks, items);
  hp_analysis_params_set_strv (&params, allow, names);
  hp_analysis_params_set_string (&params, op, "aten::mm");
  g_array_index (items, int, 0) = 9; /* the parameters keep their own copy */

  hp_analysis_params_init (&copy);
  hp_analysis_params_copy (&copy, &params);
  hp_analysis_params_clear (&params);
  g_assert_cmpint (hp_analysis_params_get_int (&copy, num_kernels), ==, 7);
  g_assert_cmpint (hp_analysis_params_get_int64 (&copy, queue), ==, G_GINT64_CONSTANT (5000000000));
  g_assert_cmpfloat (hp_analysis_params_get_double (&copy, delay), ==, 12.5);
  g_assert_false (hp_analysis_params_get_boolean (&copy, memory));
  g_assert_cmpuint (hp_analysis_params_get_list (&copy, ranks)->len, ==, 2);
  g_assert_cmpint (g_array_index (hp_analysis_params_get_list (&copy, ranks), int, 0), ==, 2);
  g_assert_true (g_strv_equal (hp_analysis_params_get_strv (&copy, allow), names));
  g_assert_cmpstr (hp_analysis_params_get_string (&copy, op), ==, "aten::mm");

  /* empty is none */
  g_array_set_size (items, 0);
  hp_analysis_params_set_list (&copy, ranks, items);
  hp_analysis_params_set_string (&copy, op, "");
  hp_analysis_params_set_strv (&copy, allow, NULL);
  g_assert_null (hp_analysis_params_get_list (&copy, ranks));
  g_assert_null (hp_analysis_params_get_string (&copy, op));
  g_assert_null (hp_analysis_params_get_strv (&copy, allow));
  hp_analysis_params_clear (&copy);
}

/* A typed setter refuses a value outside the spec's range with a warning
 * naming the parameter and the range, and leaves the value as it was;
 * hp_param_check_number() says the same as an error, and
 * hp_param_set_number() clamps */
static void
test_param_setters_refuse (void)
{
  g_autoptr (GError) error = NULL;
  HpAnalysisParams params;

  hp_analysis_params_init (&params);
  hp_analysis_params_set_int (&params, &hp_kernel_breakdown_num_kernels_spec, 4);

  g_test_expect_message ("hotpath-core", G_LOG_LEVEL_WARNING,
                         "num_kernels takes a whole number from 1 to 2147483647, not '-3'*");
  hp_analysis_params_set_int (&params, &hp_kernel_breakdown_num_kernels_spec, -3);
  g_test_assert_expected_messages ();
  g_assert_cmpint (hp_analysis_params_get_int (&params, &hp_kernel_breakdown_num_kernels_spec), ==, 4);

  g_test_expect_message ("hotpath-core", G_LOG_LEVEL_WARNING, "duration_ratio takes a number from 0 to 1, not '1.5'*");
  hp_analysis_params_set_double (&params, &hp_kernel_breakdown_duration_ratio_spec, 1.5);
  g_test_assert_expected_messages ();
  g_assert_cmpfloat (hp_analysis_params_get_double (&params, &hp_kernel_breakdown_duration_ratio_spec), ==, 0.8);

  g_test_expect_message ("hotpath-core", G_LOG_LEVEL_WARNING, "consecutive_kernel_delay takes a number from 0 to*nan*");
  hp_analysis_params_set_double (&params, &hp_idle_time_consecutive_kernel_delay_spec, NAN);
  g_test_assert_expected_messages ();
  g_assert_cmpfloat (hp_analysis_params_get_double (&params, &hp_idle_time_consecutive_kernel_delay_spec), ==, 30);

  g_test_expect_message ("hotpath-core", G_LOG_LEVEL_WARNING, "max_queue_length takes a whole number from 0 to*'-1'*");
  hp_analysis_params_set_int64 (&params, &hp_queue_length_max_queue_length_spec, -1);
  g_test_assert_expected_messages ();
  g_assert_cmpint (hp_analysis_params_get_int64 (&params, &hp_queue_length_max_queue_length_spec), ==, 1024);

  /* a list with an item out of range is refused whole */
  {
    g_autoptr (GArray) items = g_array_new (FALSE, FALSE, sizeof (int));
    int one = 1, minus = -1;

    g_array_append_val (items, one);
    hp_analysis_params_set_list (&params, &hp_analysis_ranks_spec, items);
    g_array_append_val (items, minus);
    g_test_expect_message ("hotpath-core", G_LOG_LEVEL_WARNING, "ranks takes items from 0 to 2147483647, not -1*");
    hp_analysis_params_set_list (&params, &hp_analysis_ranks_spec, items);
    g_test_assert_expected_messages ();
    g_assert_cmpuint (hp_analysis_params_get_list (&params, &hp_analysis_ranks_spec)->len, ==, 1);
  }

  /* the ends of the range are values */
  hp_analysis_params_set_int (&params, &hp_critical_path_step_spec, -2);
  g_assert_cmpint (hp_analysis_params_get_int (&params, &hp_critical_path_step_spec), ==, -2);
  hp_analysis_params_set_double (&params, &hp_kernel_breakdown_duration_ratio_spec, 1);
  g_assert_cmpfloat (hp_analysis_params_get_double (&params, &hp_kernel_breakdown_duration_ratio_spec), ==, 1);

  g_assert_true (hp_param_check_number (&hp_stragglers_num_candidates_spec, 1, NULL));
  g_assert_false (hp_param_check_number (&hp_stragglers_num_candidates_spec, 0, &error));
  g_assert_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_INVALID_PARAMETER);
  g_assert_cmpstr (error->message, ==, "num_candidates takes a whole number from 1 to 2147483647, not '0'");
  g_clear_error (&error);
  g_assert_false (hp_param_check_number (&hp_stragglers_num_candidates_spec, 2.5, &error));
  g_assert_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_INVALID_PARAMETER);

  hp_param_set_number (&hp_kernel_breakdown_num_kernels_spec, &params, -3);
  g_assert_cmpint (hp_analysis_params_get_int (&params, &hp_kernel_breakdown_num_kernels_spec), ==, 1);
  hp_analysis_params_clear (&params);
}

/* Every parameter a person may set has a title and a description for the
 * preferences, marked for translation; only a string has choices; the
 * shared ones are named by spec in the descriptors */
static void
test_param_texts (void)
{
  guint                     n, n_analyses;
  const HpParamSpec *const *specs = hp_param_spec_list (&n);
  const HpAnalysis *const  *analyses = hp_analysis_list (&n_analyses);

  for (guint i = 0; i < n; i++)
    {
      g_test_message ("parameter %s", specs[i]->name);
      g_assert_nonnull (specs[i]->title);
      g_assert_nonnull (specs[i]->description);
      g_assert_cmpuint (strlen (specs[i]->description), >, strlen (specs[i]->title));
      g_assert_true (specs[i]->choices == NULL || specs[i]->type == HP_PARAM_STRING);
    }
  g_assert_true (hp_analysis_uses_param (&hp_idle_time_analysis, &hp_analysis_streams_spec));
  g_assert_false (hp_analysis_uses_param (&hp_kernel_breakdown_analysis, &hp_analysis_streams_spec));
  for (guint a = 0; a < n_analyses; a++)
    {
      g_assert_true (hp_analysis_uses_param (analyses[a], &hp_analysis_ranks_spec));
      for (guint s = 0; analyses[a]->shared_params != NULL && analyses[a]->shared_params[s] != NULL; s++)
        g_assert_true (analyses[a]->shared_params[s]->offset != HP_PARAM_IN_BAG);
    }
}

/* hp_analysis_params_init() gives HTA's defaults, from the specs */
static void
test_param_defaults (void)
{
  HpAnalysisParams          params;
  guint                     n;
  const HpParamSpec *const *specs = hp_param_spec_list (&n);

  hp_analysis_params_init (&params);
  g_assert_cmpfloat (number (&params, "num_kernels"), ==, 10);
  g_assert_cmpfloat (number (&params, "duration_ratio"), ==, 0.8);
  g_assert_cmpfloat (number (&params, "include_memory_kernels"), ==, 1);
  g_assert_cmpfloat (number (&params, "consecutive_kernel_delay"), ==, 30);
  g_assert_cmpfloat (number (&params, "annotation_num_kernels"), ==, 1000);
  g_assert_cmpfloat (number (&params, "runtime_cutoff"), ==, 50);
  g_assert_cmpfloat (number (&params, "launch_delay_cutoff"), ==, 100);
  g_assert_cmpfloat (number (&params, "max_queue_length"), ==, 1024);
  g_assert_null (hp_analysis_params_get_list (&params, hp_param_spec_find ("ranks")));
  g_assert_null (hp_analysis_params_get_strv (&params, hp_param_spec_find ("allowlist_patterns")));
  g_assert_null (hp_analysis_params_get_string (&params, hp_param_spec_find ("operator")));
  g_assert_cmpfloat (number (&params, "rank"), ==, 0);
  g_assert_cmpfloat (number (&params, "min_pattern_len"), ==, 3);
  g_assert_cmpfloat (number (&params, "top_k"), ==, 5);
  g_assert_cmpfloat (number (&params, "compress_other_kernels"), ==, 1);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *text = hp_param_to_string (specs[i], &params);
      g_autofree char *dashed = g_strdelimit (g_strdup (specs[i]->name), "_", '-');
      HpAnalysisParams copy;
      g_autoptr (GError) error = NULL;

      /* the text of a value reads back to the same value */
      hp_analysis_params_init (&copy);
      if (specs[i]->type != HP_PARAM_STRING_LIST)
        {
          g_assert_true (hp_param_parse (specs[i], &copy, text, &error));
          g_assert_no_error (error);
          g_assert_true (hp_param_equal (specs[i], &copy, &params));
        }
      g_assert_true (hp_param_spec_find (specs[i]->name) == specs[i]);
      g_assert_true (hp_param_spec_find (dashed) == specs[i]);
      g_assert_nonnull (specs[i]->help);
      g_assert_nonnull (specs[i]->title);
      g_assert_cmpfloat (specs[i]->minimum, <=, specs[i]->maximum);
      hp_analysis_params_clear (&copy);
    }
  /* values print as people write them */
  {
    g_autofree char *delay = hp_param_to_string (hp_param_spec_find ("consecutive_kernel_delay"), &params);
    g_autofree char *ratio = hp_param_to_string (hp_param_spec_find ("duration_ratio"), &params);
    g_autofree char *ranks = hp_param_to_string (hp_param_spec_find ("ranks"), &params);

    g_assert_cmpstr (delay, ==, "30");
    g_assert_cmpstr (ratio, ==, "0.8");
    g_assert_cmpstr (ranks, ==, "all");
  }
  hp_analysis_params_clear (&params);
}

static void
test_param_parse (void)
{
  struct
  {
    const char *name;
    const char *text;
    gboolean    ok;
  } cases[] = {
    { "num_kernels", "5", TRUE },
    { "num_kernels", "0", FALSE },
    { "num_kernels", "x", FALSE },
    { "num_kernels", "3.5", FALSE },
    { "duration_ratio", "0.5", TRUE },
    { "duration_ratio", "1.5", FALSE },
    { "duration_ratio", "nan", FALSE },
    { "runtime_cutoff", "-1", FALSE },
    { "include_memory_kernels", "no", TRUE },
    { "include_memory_kernels", "maybe", FALSE },
    { "ranks", "0,1, 3", TRUE },
    { "ranks", "all", TRUE },
    { "ranks", "-1", FALSE },
    { "ranks", "1,,2 3", TRUE },
    { "streams", "7,-2", TRUE },
    { "max_queue_length", "99999999999", TRUE },
    { "allowlist_patterns", "a,b", TRUE },
    { "operator", "aten::mm", TRUE },
    { "min_pattern_len", "0", FALSE },
    { "top_k", "-2", FALSE },
    { "rank", "-1", FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const HpParamSpec *spec = hp_param_spec_find (cases[i].name);
      HpAnalysisParams   params;
      g_autoptr (GError) error = NULL;

      hp_analysis_params_init (&params);
      g_test_message ("%s = %s", cases[i].name, cases[i].text);
      g_assert_cmpint (hp_param_parse (spec, &params, cases[i].text, &error), ==, cases[i].ok);
      if (!cases[i].ok)
        {
          g_assert_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_INVALID_PARAMETER);
          g_assert_true (g_str_has_prefix (error->message, cases[i].name));
          g_assert_nonnull (strstr (error->message, cases[i].text));
        }
      hp_analysis_params_clear (&params);
    }

  {
    HpAnalysisParams   params;
    GArray            *ranks, *streams;
    const char *const *allowed;

    hp_analysis_params_init (&params);
    g_assert_true (hp_param_parse (hp_param_spec_find ("ranks"), &params, "0,1, 3", NULL));
    ranks = hp_analysis_params_get_list (&params, hp_param_spec_find ("ranks"));
    g_assert_cmpuint (ranks->len, ==, 3);
    g_assert_cmpint (g_array_index (ranks, int, 2), ==, 3);
    g_assert_true (hp_param_parse (hp_param_spec_find ("ranks"), &params, "all", NULL));
    g_assert_null (hp_analysis_params_get_list (&params, hp_param_spec_find ("ranks")));
    g_assert_true (hp_param_parse (hp_param_spec_find ("streams"), &params, "7, 23 84", NULL));
    streams = hp_analysis_params_get_list (&params, hp_param_spec_find ("streams"));
    g_assert_cmpuint (streams->len, ==, 3);
    g_assert_cmpint (g_array_index (streams, gint64, 2), ==, 84);
    g_assert_true (hp_param_parse (hp_param_spec_find ("streams"), &params, "", NULL));
    g_assert_null (hp_analysis_params_get_list (&params, hp_param_spec_find ("streams")));
    g_assert_true (hp_param_parse (hp_param_spec_find ("allowlist_patterns"), &params, " Optimizer, ,forward ", NULL));
    allowed = hp_analysis_params_get_strv (&params, hp_param_spec_find ("allowlist_patterns"));
    g_assert_cmpuint (g_strv_length ((char **)allowed), ==, 2);
    g_assert_cmpstr (allowed[0], ==, "Optimizer");
    /* a string parameter: kept whole but for its outer spaces; empty is none */
    {
      const HpParamSpec *op = hp_param_spec_find ("operator");
      HpAnalysisParams   other;
      g_autofree char   *text = NULL;

      hp_analysis_params_init (&other);
      g_assert_true (op->type == HP_PARAM_STRING);
      g_assert_true (hp_param_parse (op, &params, "  autograd::engine::evaluate_function: AddmmBackward0 ", NULL));
      g_assert_cmpstr (hp_analysis_params_get_string (&params, op), ==,
                       "autograd::engine::evaluate_function: AddmmBackward0");
      text = hp_param_to_string (op, &params);
      g_assert_cmpstr (text, ==, hp_analysis_params_get_string (&params, op));
      g_assert_false (hp_param_equal (op, &params, &other));
      g_assert_true (hp_analysis_params_affect (hp_analysis_find ("frequent_cuda_kernel_sequences"), &params, &other));
      g_assert_false (hp_analysis_params_affect (hp_analysis_find ("temporal_breakdown"), &params, &other));
      hp_analysis_params_copy (&other, &params);
      g_assert_true (hp_param_equal (op, &params, &other));
      g_assert_true (hp_analysis_params_get_string (&other, op) != hp_analysis_params_get_string (&params, op));
      hp_analysis_params_clear (&other);
      g_assert_true (hp_param_parse (op, &params, " ", NULL));
      g_assert_null (hp_analysis_params_get_string (&params, op));
    }
    hp_param_set_number (hp_param_spec_find ("num_kernels"), &params, 0);
    g_assert_cmpfloat (number (&params, "num_kernels"), ==, 1);
    hp_param_set_number (hp_param_spec_find ("duration_ratio"), &params, 0.25);
    g_assert_cmpfloat (hp_param_get_number (hp_param_spec_find ("duration_ratio"), &params), ==, 0.25);
    hp_param_set_number (hp_param_spec_find ("include_memory_kernels"), &params, 0);
    g_assert_cmpfloat (number (&params, "include_memory_kernels"), ==, 0);
    hp_analysis_params_clear (&params);
  }
}

/* a change re-runs only the analyses that read the parameter */
static void
test_params_affect (void)
{
  HpAnalysisParams a, b;

  hp_analysis_params_init (&a);
  hp_analysis_params_init (&b);
  set_number (&b, "num_kernels", 3);
  g_assert_true (hp_analysis_params_affect (&hp_kernel_breakdown_analysis, &a, &b));
  g_assert_false (hp_analysis_params_affect (hp_analysis_find ("temporal_breakdown"), &a, &b));
  g_assert_false (hp_analysis_params_affect (&hp_idle_time_analysis, &a, &b));
  set_number (&b, "num_kernels", 10);
  set_number (&b, "consecutive_kernel_delay", 10);
  g_assert_true (hp_analysis_params_affect (&hp_idle_time_analysis, &a, &b));
  g_assert_false (hp_analysis_params_affect (&hp_kernel_breakdown_analysis, &a, &b));
  set_number (&b, "consecutive_kernel_delay", 30);
  /* every analysis reads the ranks */
  hp_param_parse (hp_param_spec_find ("ranks"), &b, "1", NULL);
  g_assert_true (hp_analysis_params_affect (hp_analysis_find ("temporal_breakdown"), &a, &b));
  g_assert_true (hp_analysis_params_affect (hp_analysis_find ("memory_bw"), &a, &b));
  hp_analysis_params_clear (&a);
  hp_analysis_params_clear (&b);
}

/* The rows of exactly the tables the registry marks stand for events */
static void
test_row_events (HpTestTraceFixture *fixture,
                 gconstpointer       data)
{
  HpTrace                 *trace = fixture->trace;
  const char              *linked[] = { "idle_time_breakdown", "idle_time_interval_stats", "gpu_kernel_breakdown_kernels",
                                        "cuda_kernel_launch_stats", "collective_waits", "critical_path_breakdown",
                                        "frequent_cuda_kernel_sequences", "communication_slowest", NULL };
  guint                    n;
  const HpAnalysis *const *analyses = hp_analysis_list (&n);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GPtrArray) tables = hp_analysis_run (analyses[i], trace, NULL, NULL, NULL);

      for (guint t = 0; t < tables->len; t++)
        {
          HpTable *table = tables->pdata[t];
          gboolean expected = g_strv_contains (linked, hp_table_get_name (table));

          g_test_message ("%s", hp_table_get_name (table));
          g_assert_cmpint (hp_analysis_table_has_row_events (table), ==, expected);
          if (expected)
            {
              g_autoptr (HpLinkedEvents) events = hp_analysis_row_events (trace, table, 0, NULL);

              g_assert_nonnull (events);
              g_assert_cmpuint (events->events->len, >, 0);
            }
          else
            g_assert_null (hp_analysis_row_events (trace, table, 0, NULL));
        }
    }
}

static guint payload_calls;

/* a payload a view could want: the number of rows of the first table */
static gpointer
count_payload (HpTrace                *trace,
               const HpAnalysisParams *params,
               GPtrArray              *tables,
               GCancellable           *cancellable,
               GError                **error)
{
  payload_calls++;
  return GUINT_TO_POINTER (hp_table_get_n_rows (tables->pdata[0]) + 1);
}

/* A result: the tables, the scope and parameters they are of, the payload */
static void
test_result (HpTestTraceFixture *fixture,
             gconstpointer       data)
{
  HpTrace *trace = fixture->trace;
  g_autoptr (HpScope) scope = hp_scope_new_range (hp_time_span_make (0, 300000000));
  g_autoptr (HpTrace) scoped = hp_trace_apply_scope (trace, scope, NULL);
  HpAnalysis        analysis = *&hp_kernel_breakdown_analysis;
  HpAnalysisParams *params = &fixture->params;
  g_autoptr (HpResult) whole = NULL;
  g_autoptr (HpResult) part = NULL;
  g_autoptr (GPtrArray) direct = NULL;
  g_autoptr (GError) error = NULL;
  hp_analysis_params_set_int (params, &hp_kernel_breakdown_num_kernels_spec, 3);
  analysis.payload = count_payload;
  whole = hp_analysis_compute (&analysis, trace, params, NULL, &error);
  g_assert_no_error (error);
  part = hp_analysis_compute (&analysis, scoped, params, NULL, &error);
  g_assert_no_error (error);
  direct = hp_analysis_run (&analysis, trace, params, NULL, NULL);

  g_assert_cmpuint (payload_calls, ==, 2);
  g_assert_null (hp_result_get_scope (whole));
  g_assert_true (hp_scope_equal (hp_result_get_scope (part), scope));
  g_assert_cmpfloat (number (hp_result_get_params (whole), "num_kernels"), ==, 3);
  g_assert_cmpuint (hp_result_get_tables (whole)->len, ==, direct->len);
  for (guint t = 0; t < direct->len; t++)
    {
      g_autofree char *a = hp_table_to_csv (hp_result_get_tables (whole)->pdata[t]);
      g_autofree char *b = hp_table_to_csv (direct->pdata[t]);

      g_assert_cmpstr (a, ==, b);
    }
  g_assert_cmpuint (GPOINTER_TO_UINT (hp_result_get_payload (whole)), ==,
                    hp_table_get_n_rows (hp_result_get_tables (whole)->pdata[0]) + 1);
  g_assert_nonnull (hp_result_find_table (whole, "gpu_kernel_breakdown_kernels"));
  g_assert_cmpfloat (hp_result_get_seconds (whole), >=, 0);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C");
  g_test_init (&argc, &argv, NULL);

  hp_test_add_trace ("/core/registry/entries", "hta_trace_filter_2ranks", hp_test_trace_setup, test_registry_entries);
  g_test_add_func ("/core/registry/param-list", test_param_list);
  g_test_add_func ("/core/registry/param-setters", test_param_setters);
  g_test_add_func ("/core/registry/param-setters-refuse", test_param_setters_refuse);
  g_test_add_func ("/core/registry/param-texts", test_param_texts);
  g_test_add_func ("/core/registry/settings-keys", test_settings_keys);
  g_test_add_func ("/core/registry/schema-key", test_schema_key);
  g_test_add_func ("/core/registry/param-defaults", test_param_defaults);
  g_test_add_func ("/core/registry/param-parse", test_param_parse);
  g_test_add_func ("/core/registry/params-affect", test_params_affect);
  hp_test_add_trace ("/core/registry/row-events", "hta_trace_filter_2ranks", hp_test_trace_setup_default,
                     test_row_events);
  hp_test_add_trace ("/core/registry/result", "hta_trace_filter_2ranks", hp_test_trace_setup_default, test_result);

  return g_test_run ();
}
