/* test-rewriters.c — the trace rewriters write the same bytes, whatever file they stream.
 *
 * Counters (docs/analyses.md §8.3), the kernel sequences' overlaid trace
 * (§9.3) and the critical-path overlay (§12.6) all stream a rank's file
 * again through one echo. Their outputs are pinned by checksum, plain and
 * gzip-compressed (which must inflate to the same bytes), on traces with
 * odd shapes: bare elements in traceEvents, a nested `traceEvents` key,
 * events with no args, empty args or args before the name, escapes and
 * numbers written in uncommon ways, a bare top-level array.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>

#include "hp-core.h"
#include "hp-test-utils.h"
#include <json-glib/json-glib.h>

typedef struct
{
  char *dir;
} Fixture;

static void
fixture_setup (Fixture      *f,
               gconstpointer data)
{
  g_autoptr (GError) error = NULL;

  f->dir = g_dir_make_tmp ("hp-rewriters-XXXXXX", &error);
  g_assert_no_error (error);
}

static void
fixture_teardown (Fixture      *f,
                  gconstpointer data)
{
  g_autoptr (GDir) d = g_dir_open (f->dir, 0, NULL);

  /* every file was checked and removed: nothing else, no temporary, is left */
  g_assert_nonnull (d);
  g_assert_null (g_dir_read_name (d));
  g_assert_cmpint (g_rmdir (f->dir), ==, 0);
  g_free (f->dir);
}

/* the file's bytes, inflated when it is gzip-compressed */
static GBytes *
read_inflated (const char *path)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  g_autoptr (GInputStream) raw = G_INPUT_STREAM (g_file_read (file, NULL, &error));
  g_autoptr (GInputStream) in = NULL;
  g_autoptr (GOutputStream) out = g_memory_output_stream_new_resizable ();

  g_assert_no_error (error);
  if (g_str_has_suffix (path, ".gz"))
    {
      g_autoptr (GZlibDecompressor) dec = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP);

      in = g_converter_input_stream_new (raw, G_CONVERTER (dec));
    }
  else
    in = g_object_ref (raw);
  g_output_stream_splice (out, in, G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET, NULL, &error);
  g_assert_no_error (error);
  return g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (out));
}

/* checks the written file's (inflated) bytes against @sha256, then removes it */
static void
assert_file_sha256 (const char *path,
                    const char *sha256)
{
  g_autoptr (GBytes) bytes = read_inflated (path);
  g_autofree char *sum = g_compute_checksum_for_bytes (G_CHECKSUM_SHA256, bytes);

  if (g_strcmp0 (sum, sha256) != 0)
    g_test_message ("%s: %zu bytes", path, g_bytes_get_size (bytes));
  g_assert_cmpstr (sum, ==, sha256);
  g_assert_cmpint (g_remove (path), ==, 0);
}

static char *
output_path (Fixture    *f,
             const char *name,
             gboolean    gz)
{
  g_autofree char *base = g_strconcat (name, gz ? ".json.gz" : ".json", NULL);

  return g_build_filename (f->dir, base, NULL);
}

/* ---------------------------------------------------------------------------
 * Counters
 * ------------------------------------------------------------------------- */

static const struct
{
  const char *case_name;
  HpMode      mode;
  const char *sha256;
} counter_cases[] = {
  { "edge/rewrite-odd.json", HP_MODE_DEFAULT,
    "13c4fabba75cf218bb57510ced0cace2f3682d3824375ce42121a0f12d176877" },
  { "edge/counters-ns.json", HP_MODE_DEFAULT,
    "ece28c461eb317b32a0faba68f55126b0bafd1ed5dad594177cf2c87c5a1fc97" },
  { "edge/counters-memory.json", HP_MODE_DEFAULT,
    "2dc85b59d1bd322472759a82a89456a261bcca6fa71ea2993f90b01ee578b042" },
  { "hta_cp_simple_add", HP_MODE_HTA_COMPAT,
    "e31c873a34888db935acf29fa31216f857caa66ad4d8588a614bc89135df7cc0" },
};

static void
test_counters (Fixture      *f,
               gconstpointer data)
{
  for (guint i = 0; i < G_N_ELEMENTS (counter_cases); i++)
    {
      g_autoptr (HpTrace) trace = hp_test_load (counter_cases[i].case_name, counter_cases[i].mode);

      for (int gz = 0; gz <= 1; gz++)
        {
          g_autofree char *out = output_path (f, "counters", gz);
          g_autoptr (GError) error = NULL;

          g_assert_true (hp_counter_writer_write (trace, hp_trace_get_rank (trace, 0), out, HP_COUNTER_SERIES_ALL,
                                                  NULL, &error));
          g_assert_no_error (error);
          assert_file_sha256 (out, counter_cases[i].sha256);
        }
    }
}

/* ---------------------------------------------------------------------------
 * The kernel sequences' overlaid trace
 * ------------------------------------------------------------------------- */

static const struct
{
  const char *case_name;
  HpMode      mode;
  const char *operator_name;
  guint       min_pattern_len;
  guint       top_k;
  gboolean    compress;
  const char *sha256;
} sequence_cases[] = {
  { "edge/rewrite-odd.json", HP_MODE_DEFAULT, "linear", 3, 1, FALSE,
    "8bfa918643aaa15c44a14b03617cbb7bf043b34655a839e94e03c2095f1e94f1" },
  { "edge/rewrite-odd.json", HP_MODE_DEFAULT, "linear", 3, 1, TRUE,
    "f86b90b10eac0e6d87a17bdcb7dbae6e30bef4a37af54f2fe3377940c89d9cc5" },
  { "edge/rewrite-odd.json", HP_MODE_DEFAULT, "aten", 1, 5, TRUE,
    "4f12f8c15e36893a8e8f1c2a1d260e71de1a6e50ccf329ceb6040ea8d1ab0921" },
  { "edge/kernel-sequences.json", HP_MODE_DEFAULT, "linear", 2, 2, TRUE,
    "a80a82f5daeece87c676d8916950bcbbb747b339120d22a0cf058036dcb18781" },
  { "hta_cp_alexnet", HP_MODE_HTA_COMPAT, "aten::_convolution", 3, 5, TRUE,
    "feae610171aef3fc449dde32d6165647d0bd259b3f5d42e3a389c0ad56c0c0d5" },
  { "hta_cp_alexnet", HP_MODE_HTA_COMPAT, "aten::addmm", 3, 5, FALSE,
    "fef59c043b9cd943bbacabbe7a7d0f012ca2e248503d209c140c8d67577d6cc3" },
};

static void
test_sequences (Fixture      *f,
                gconstpointer data)
{
  for (guint i = 0; i < G_N_ELEMENTS (sequence_cases); i++)
    {
      g_autoptr (HpTrace) trace = hp_test_load (sequence_cases[i].case_name, sequence_cases[i].mode);
      g_autoptr (GError) error = NULL;
      g_autoptr (HpKernelSequences) seq =
          hp_kernel_sequences_find (trace, hp_trace_get_rank (trace, 0), sequence_cases[i].operator_name,
                                    sequence_cases[i].min_pattern_len, NULL, &error);

      g_assert_no_error (error);
      for (int gz = 0; gz <= 1; gz++)
        {
          g_autofree char *out = output_path (f, "overlaid", gz);

          g_assert_true (hp_kernel_sequences_write_overlaid (seq, out, sequence_cases[i].top_k,
                                                             sequence_cases[i].compress, NULL, &error));
          g_assert_no_error (error);
          assert_file_sha256 (out, sequence_cases[i].sha256);
        }
    }
}

/* ---------------------------------------------------------------------------
 * The critical-path overlay
 * ------------------------------------------------------------------------- */

static const struct
{
  const char *case_name;
  HpMode      mode;
  gboolean    only_critical;
  gboolean    all_edges;
  const char *sha256;
} critical_path_cases[] = {
  { "edge/rewrite-odd.json", HP_MODE_DEFAULT, FALSE, FALSE,
    "721f9009be8c187110c80f2a9731eb24a5c1d009879be03db08ffc9de91bbc40" },
  { "edge/rewrite-odd.json", HP_MODE_DEFAULT, FALSE, TRUE,
    "f70ca236121f1ec54fa153ef05b57beacb3c9ce7091a441310c144228bbca98d" },
  { "edge/rewrite-odd.json", HP_MODE_DEFAULT, TRUE, FALSE,
    "e480a5716877eeb3ff26889c44bca012581cbc7c647d08d12ca692e12302712d" },
  { "hta_cp_simple_add", HP_MODE_HTA_COMPAT, FALSE, FALSE,
    "0000150a5d4e15b4c2e64ec5b3a2248dabe24bd4002596ed646eb15911b9d751" },
  { "hta_cp_simple_add", HP_MODE_HTA_COMPAT, FALSE, TRUE,
    "21f93588ed111c2f8eeae2f263dc9d304ef83f8955855595152620e8794f7221" },
  { "hta_cp_simple_add", HP_MODE_HTA_COMPAT, TRUE, FALSE,
    "eae2f2ef8594f8102a76dce17ea5009f9f170a87a338249eddf2a0a1a38bc89c" },
};

static void
test_critical_path (Fixture      *f,
                    gconstpointer data)
{
  for (guint i = 0; i < G_N_ELEMENTS (critical_path_cases); i++)
    {
      g_autoptr (HpTrace) trace = hp_test_load (critical_path_cases[i].case_name, critical_path_cases[i].mode);
      g_autoptr (GError) error = NULL;
      HpCriticalPathOptions options;
      HpCriticalPath       *cp;

      hp_critical_path_options_init (&options);
      options.annotation = "";
      cp = hp_critical_path_new (trace, hp_trace_get_rank (trace, 0), &options, NULL, &error);
      g_assert_no_error (error);
      g_assert_true (hp_critical_path_is_valid (cp));
      for (int gz = 0; gz <= 1; gz++)
        {
          g_autofree char *out = output_path (f, "overlaid_critical_path", gz);

          g_assert_true (hp_critical_path_write_overlay (cp, out, critical_path_cases[i].only_critical,
                                                         critical_path_cases[i].all_edges, NULL, &error));
          g_assert_no_error (error);
          assert_file_sha256 (out, critical_path_cases[i].sha256);
        }
      hp_critical_path_free (cp);
    }
}

/* ---------------------------------------------------------------------------
 * Keys of events longer than the echo looks at
 * ------------------------------------------------------------------------- */

/* the written file's traceEvents, each object without the members named
 * @drop_a and @drop_b; removes the file */
static JsonNode *
events_without (const char *path,
                const char *drop_a,
                const char *drop_b)
{
  g_autoptr (GBytes) bytes = read_inflated (path);
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  JsonArray *events;

  json_parser_load_from_data (parser, g_bytes_get_data (bytes, NULL), (gssize)g_bytes_get_size (bytes), &error);
  g_assert_no_error (error);
  events = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "traceEvents");
  g_assert_nonnull (events);
  for (guint i = 0; i < json_array_get_length (events); i++)
    {
      JsonNode *e = json_array_get_element (events, i);

      if (JSON_NODE_HOLDS_OBJECT (e))
        {
          json_object_remove_member (json_node_get_object (e), drop_a);
          json_object_remove_member (json_node_get_object (e), drop_b);
        }
    }
  g_assert_cmpint (g_unlink (path), ==, 0);
  return json_node_copy (json_parser_get_root (parser));
}

/* rewrite-long-keys.json is rewrite-odd.json with two members of long
 * names first in every event: an object (not the event's args) and a
 * string (not its ph). The critical-path overlay, which reads an event's
 * ph, cat and args as it echoes them, must write the same events, plus
 * those two members */
static void
test_long_keys (Fixture      *f,
                gconstpointer data)
{
  for (int only_critical = 0; only_critical <= 1; only_critical++)
    {
      g_autoptr (JsonNode) plain = NULL;
      g_autoptr (JsonNode) longer = NULL;

      for (int k = 0; k < 2; k++)
        {
          g_autoptr (HpTrace) trace =
              hp_test_load (k == 0 ? "edge/rewrite-odd.json" : "edge/rewrite-long-keys.json", HP_MODE_DEFAULT);
          g_autoptr (GError) error = NULL;
          g_autofree char      *out = output_path (f, "overlaid_critical_path", FALSE);
          HpCriticalPathOptions options;
          HpCriticalPath       *cp;

          hp_critical_path_options_init (&options);
          options.annotation = "";
          cp = hp_critical_path_new (trace, hp_trace_get_rank (trace, 0), &options, NULL, &error);
          g_assert_no_error (error);
          g_assert_true (hp_critical_path_is_valid (cp));
          g_assert_true (hp_critical_path_write_overlay (cp, out, only_critical, FALSE, NULL, &error));
          g_assert_no_error (error);
          hp_critical_path_free (cp);
          if (k == 0)
            plain = events_without (out, "args_of_another_kind", "phase_under_a_long_key");
          else
            longer = events_without (out, "args_of_another_kind", "phase_under_a_long_key");
        }
      g_assert_true (json_node_equal (plain, longer));
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/core/rewriters/counters", Fixture, NULL, fixture_setup, test_counters, fixture_teardown);
  g_test_add ("/core/rewriters/kernel-sequences", Fixture, NULL, fixture_setup, test_sequences, fixture_teardown);
  g_test_add ("/core/rewriters/critical-path", Fixture, NULL, fixture_setup, test_critical_path, fixture_teardown);
  g_test_add ("/core/rewriters/long-keys", Fixture, NULL, fixture_setup, test_long_keys, fixture_teardown);

  return g_test_run ();
}
