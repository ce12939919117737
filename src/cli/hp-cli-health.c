/* hp-cli-health.c — `hotpath-cli health`: what a trace lacks, and which analyses to trust.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>

#include "hp-cli.h"

static JsonNode *
build_json (HpTrace        *trace,
            HpHealthReport *report)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  guint                    n_analyses = 0;
  const HpAnalysis *const *list = hp_analysis_list (&n_analyses);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "mode");
  json_builder_add_string_value (b, hp_trace_get_mode (trace) == HP_MODE_HTA_COMPAT ? "hta-compat"
                                                                                    : "default");
  json_builder_set_member_name (b, "worst");
  json_builder_add_string_value (b,
                                 hp_health_report_get_n_findings (report) == 0
                                     ? "none"
                                     : hp_health_severity_to_string (hp_health_report_get_worst (report)));

  json_builder_set_member_name (b, "findings");
  json_builder_begin_array (b);
  for (guint k = 0; k < hp_health_report_get_n_findings (report); k++)
    {
      const HpHealthFinding *f = hp_health_report_get_finding (report, k);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "rank");
      if (f->rank >= 0)
        json_builder_add_int_value (b, f->rank);
      else
        json_builder_add_null_value (b);
      json_builder_set_member_name (b, "file");
      if (f->file != NULL)
        json_builder_add_string_value (b, f->file);
      else
        json_builder_add_null_value (b);
      json_builder_set_member_name (b, "code");
      json_builder_add_string_value (b, f->code);
      json_builder_set_member_name (b, "severity");
      json_builder_add_string_value (b, hp_health_severity_to_string (f->severity));
      json_builder_set_member_name (b, "count");
      json_builder_add_int_value (b, (gint64)MIN (f->count, (guint64)G_MAXINT64));
      json_builder_set_member_name (b, "message");
      json_builder_add_string_value (b, f->message);
      json_builder_set_member_name (b, "affects");
      json_builder_begin_object (b);
      for (guint a = 0; a < n_analyses; a++)
        if (f->verdicts[a] != HP_HEALTH_TRUST)
          {
            json_builder_set_member_name (b, list[a]->name);
            json_builder_add_string_value (b, hp_health_verdict_to_string (f->verdicts[a]));
          }
      json_builder_end_object (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "ranks");
  json_builder_begin_array (b);
  for (guint k = 0; k < hp_trace_get_n_ranks (trace); k++)
    {
      const HpRank *r = hp_trace_get_rank (trace, k);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "rank");
      json_builder_add_int_value (b, r->rank);
      json_builder_set_member_name (b, "file");
      json_builder_add_string_value (b, r->basename);
      json_builder_set_member_name (b, "analyses");
      json_builder_begin_object (b);
      for (guint a = 0; a < n_analyses; a++)
        {
          json_builder_set_member_name (b, list[a]->name);
          json_builder_add_string_value (
              b, hp_health_verdict_to_string (hp_health_report_get_verdict (report, r->rank, a)));
        }
      json_builder_end_object (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

static void
print_findings_of (HpHealthReport *report,
                   int             rank)
{
  gboolean any = FALSE;

  for (guint k = 0; k < hp_health_report_get_n_findings (report); k++)
    {
      const HpHealthFinding *f = hp_health_report_get_finding (report, k);

      if (f->rank != rank)
        continue;
      printf ("  %-8s %s: %s\n", hp_health_severity_to_string (f->severity), f->code, f->message);
      any = TRUE;
    }
  if (!any)
    printf ("  nothing found\n");
}

typedef struct
{
  char      *title;
  GArray    *ranks; /* int */
  GPtrArray *groups;
} Section;

static void
section_free (gpointer data)
{
  Section *section = data;

  g_free (section->title);
  g_ptr_array_unref (section->groups);
  g_free (section);
}

static int
cmp_sections (gconstpointer a,
              gconstpointer b)
{
  const Section *x = *(Section *const *)a;
  const Section *y = *(Section *const *)b;

  if (x->ranks->len != y->ranks->len)
    return x->ranks->len > y->ranks->len ? -1 : 1;
  return g_array_index (x->ranks, int, 0) - g_array_index (y->ranks, int, 0);
}

/* the findings about ranks, one section per set of ranks they are said of
 * alike: "Ranks 0–7" first, then the exceptions; a rank without any
 * finding says so */
static void
print_rank_groups (HpTrace        *trace,
                   HpHealthReport *report)
{
  g_autoptr (GPtrArray) groups = hp_health_report_group (report);
  g_autoptr (GPtrArray) sections = g_ptr_array_new_with_free_func (section_free);
  g_autoptr (GHashTable) by_title = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GHashTable) mentioned = g_hash_table_new (NULL, NULL);

  for (guint g = 0; g < groups->len; g++)
    {
      HpHealthGroup *group = groups->pdata[g];
      Section       *section;

      if (group->ranks->len == 0)
        continue;
      section = g_hash_table_lookup (by_title, group->ranks_text);
      if (section == NULL)
        {
          section = g_new0 (Section, 1);
          section->ranks = group->ranks;
          section->groups = g_ptr_array_new ();
          if (group->ranks->len == 1)
            {
              const HpRank *r = hp_trace_find_rank (trace, g_array_index (group->ranks, int, 0));

              section->title = g_strdup_printf ("Rank %d (%s)", r->rank, r->basename);
            }
          else
            section->title = g_strdup_printf ("R%s", group->ranks_text + 1);
          g_hash_table_insert (by_title, group->ranks_text, section);
          g_ptr_array_add (sections, section);
        }
      g_ptr_array_add (section->groups, group);
      for (guint i = 0; i < group->ranks->len; i++)
        g_hash_table_add (mentioned, GINT_TO_POINTER (g_array_index (group->ranks, int, i) + 1));
    }
  g_ptr_array_sort (sections, cmp_sections);
  for (guint k = 0; k < sections->len; k++)
    {
      const Section *section = sections->pdata[k];

      printf ("\n%s\n", section->title);
      for (guint g = 0; g < section->groups->len; g++)
        {
          const HpHealthFinding *f = ((HpHealthGroup *)section->groups->pdata[g])->finding;

          printf ("  %-8s %s: %s\n", hp_health_severity_to_string (f->severity), f->code, f->message);
        }
    }
  for (guint k = 0; k < hp_trace_get_n_ranks (trace); k++)
    {
      const HpRank *r = hp_trace_get_rank (trace, k);

      if (!g_hash_table_contains (mentioned, GINT_TO_POINTER (r->rank + 1)))
        printf ("\nRank %d (%s)\n  nothing found\n", r->rank, r->basename);
    }
}

static void
print_text (HpTrace        *trace,
            HpHealthReport *report)
{
  guint                    n_analyses = 0;
  const HpAnalysis *const *list = hp_analysis_list (&n_analyses);
  guint                    n_ranks = hp_trace_get_n_ranks (trace);
  guint                    counts[3] = { 0 };
  g_autoptr (HpJobInfo) info = hp_job_info_new (trace);
  g_autofree char *ranks = hp_job_info_describe_ranks (info);

  for (guint k = 0; k < hp_health_report_get_n_findings (report); k++)
    counts[hp_health_report_get_finding (report, k)->severity]++;
  printf ("Health of %s (%s mode): %u error%s, %u warning%s, %u note%s\n", ranks,
          hp_trace_get_mode (trace) == HP_MODE_HTA_COMPAT ? "HTA-compatibility" : "default",
          counts[HP_HEALTH_ERROR], counts[HP_HEALTH_ERROR] == 1 ? "" : "s",
          counts[HP_HEALTH_WARNING], counts[HP_HEALTH_WARNING] == 1 ? "" : "s",
          counts[HP_HEALTH_INFO], counts[HP_HEALTH_INFO] == 1 ? "" : "s");

  printf ("\nJob\n");
  print_findings_of (report, -1);
  print_rank_groups (trace, report);

  printf ("\n%-34s", "Analysis");
  for (guint k = 0; k < n_ranks; k++)
    {
      g_autofree char *head = g_strdup_printf ("rank %d", hp_trace_get_rank (trace, k)->rank);

      printf ("  %-14s", head);
    }
  printf ("\n");
  for (guint a = 0; a < n_analyses; a++)
    {
      printf ("%-34s", list[a]->name);
      for (guint k = 0; k < n_ranks; k++)
        printf ("  %-14s", hp_health_verdict_to_string (hp_health_report_get_verdict (
                               report, hp_trace_get_rank (trace, k)->rank, a)));
      printf ("\n");
    }
}

int
hp_cli_health (int           argc,
               char        **argv,
               GCancellable *cancellable)
{
  g_autoptr (GOptionContext) context =
      g_option_context_new ("DIR|FILE... — what a trace lacks, and which analyses to trust");
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTrace) trace = NULL;
  g_autoptr (HpHealthReport) report = NULL;
  g_auto (GStrv) paths = NULL;
  g_autofree char *format = NULL;
  gboolean         hta_compat = FALSE;
  gboolean         include_last_step = FALSE;
  double           skew_us = 0;
  HpHealthOptions  options = { 0 };
  GOptionEntry     entries[] = {
        { "format", 'f', 0, G_OPTION_ARG_STRING, &format, "text (default) or json", "FORMAT" },
        HP_CLI_COMM_PATTERNS_OPTION,
        { "hta-compat", 0, 0, G_OPTION_ARG_NONE, &hta_compat, "Load as HTA does, quirks included",
          NULL },
        { "include-last-step", 0, 0, G_OPTION_ARG_NONE, &include_last_step,
          "Keep the last (incomplete) iteration", NULL },
        { "clock-skew", 0, 0, G_OPTION_ARG_DOUBLE, &skew_us,
          "Step starts of two ranks further apart than this many us are a clock problem (100000)",
          "US" },
        { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &paths, NULL, "DIR|FILE..." },
        { NULL }
  };

  g_option_context_set_summary (
      context, "Lists per rank what the trace lacks or has wrong (no ProfilerStep, a guessed "
               "rank, kernels without a launch, rejected or clamped events, overlapping GPU work "
               "on one stream, clocks of ranks far apart, the profiler's own warnings) and, per "
               "analysis and rank, whether to trust its numbers, read them with caution, or "
               "whether it does not apply.");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!hp_cli_parse_options (context, entries, &argc, &argv, &error))
    return hp_cli_usage_error (context, "%s", error->message);
  if (paths == NULL || paths[0] == NULL)
    return hp_cli_usage_error (context, "health: name a trace folder or file");
  if (format != NULL && g_strcmp0 (format, "text") != 0 && g_strcmp0 (format, "json") != 0)
    return hp_cli_usage_error (context, "health: --format must be text or json, not '%s'", format);
  if (skew_us < 0)
    return hp_cli_usage_error (context, "health: --clock-skew must not be negative");

  /* the load issues are findings here: do not print them twice */
  trace = hp_cli_load (paths, hta_compat, include_last_step, TRUE, cancellable, NULL);
  if (trace == NULL)
    return HP_CLI_EXIT_BAD_INPUT;
  options.clock_skew_threshold_us = skew_us;
  report = hp_health_check (trace, &options);

  if (g_strcmp0 (format, "json") == 0)
    {
      g_autoptr (JsonNode) root = build_json (trace, report);
      g_autofree char *text = hp_output_json_to_string (root, TRUE);

      printf ("%s\n", text);
    }
  else
    print_text (trace, report);
  return HP_CLI_EXIT_OK;
}
