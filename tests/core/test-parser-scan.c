/* test-parser-scan.c — the trace scanner builds what yajl builds, and leaves to yajl what it does not take.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every trace here is loaded twice: once as the loader reads it (the
 * scanner, with yajl for what the scanner gives up on) and once with yajl
 * alone. The two models must be the same to the byte, and a file that
 * fails must fail with the same message.
 */

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "hp-core.h"
#include "hp-parser-private.h"
#include "hp-strings.h"
#include "hp-test-utils.h"

static void assert_same_trace (HpTrace *a,
                               HpTrace *b);

static HpTrace *
load_once (const char         *path,
           gboolean            yajl_only,
           gboolean            two_threads,
           const HpLoadLimits *limits,
           GError            **error)
{
  HpLoadOptions options = { 0 };
  HpTrace      *trace;

  options.n_threads = 1;
  options.limits = limits;
  _hp_parser_yajl_only = yajl_only;
  _hp_parser_two_threads_always = two_threads;
  trace = hp_load_path (path, &options, NULL, error);
  _hp_parser_yajl_only = FALSE;
  _hp_parser_two_threads_always = FALSE;
  return trace;
}

/* With the scanner, @path is read twice: on one thread, and scanned on a
 * thread of its own while this one builds; both must give the same model,
 * or fail with the same message. */
static HpTrace *
load (const char         *path,
      gboolean            yajl_only,
      const HpLoadLimits *limits,
      GError            **error)
{
  g_autoptr (GError) one_error = NULL;
  HpTrace *one, *two;

  if (yajl_only)
    return load_once (path, TRUE, FALSE, limits, error);
  one = load_once (path, FALSE, FALSE, limits, &one_error);
  two = load_once (path, FALSE, TRUE, limits, error);
  g_assert_cmpint (one == NULL, ==, two == NULL);
  if (one != NULL)
    {
      assert_same_trace (one, two);
      hp_trace_unref (one);
    }
  else if (error != NULL)
    {
      g_assert_nonnull (one_error);
      g_assert_nonnull (*error);
      g_assert_cmpint (one_error->code, ==, (*error)->code);
      g_assert_cmpstr (one_error->message, ==, (*error)->message);
    }
  return two;
}

static void
assert_same_metadata (const HpRank *a,
                      const HpRank *b)
{
  g_autofree char *ja = a->metadata != NULL ? json_to_string (a->metadata, FALSE) : NULL;
  g_autofree char *jb = b->metadata != NULL ? json_to_string (b->metadata, FALSE) : NULL;

  g_assert_cmpstr (ja, ==, jb);
}

static void
assert_same_rank (HpTrace      *ta,
                  const HpRank *a,
                  HpTrace      *tb,
                  const HpRank *b)
{
  g_assert_cmpint (a->rank, ==, b->rank);
  g_assert_cmpuint (a->json_bytes, ==, b->json_bytes);
  g_assert_cmpuint (a->n_json_events, ==, b->n_json_events);
  g_assert_cmpuint (a->n_events, ==, b->n_events);
  g_assert_cmpint (a->fractional_ts, ==, b->fractional_ts);
  g_assert_cmpint (a->base_time_ns, ==, b->base_time_ns);
  g_assert_cmpuint (a->n_bad_values, ==, b->n_bad_values);
  g_assert_cmpuint (a->n_invalid_utf8, ==, b->n_invalid_utf8);
  g_assert_cmpuint (a->n_long_strings, ==, b->n_long_strings);
  g_assert_cmpuint (a->n_metadata_dropped, ==, b->n_metadata_dropped);
  g_assert_cmpuint (a->n_dropped_no_dur, ==, b->n_dropped_no_dur);
  g_assert_cmpuint (a->n_bad_stream, ==, b->n_bad_stream);
  g_assert_cmpuint (a->file_checksum, ==, b->file_checksum);
  g_assert_cmpmem (a->ts, a->n_events * sizeof (gint64), b->ts, b->n_events * sizeof (gint64));
  for (guint i = 0; i < a->n_events; i++)
    {
      g_assert_cmpint (hp_rank_dur (a, i), ==, hp_rank_dur (b, i));
      g_assert_cmpstr (hp_trace_get_string (ta, a->name[i]), ==, hp_trace_get_string (tb, b->name[i]));
      g_assert_cmpint (a->cat[i] == HP_NO_STRING, ==, b->cat[i] == HP_NO_STRING);
      if (a->cat[i] != HP_NO_STRING)
        g_assert_cmpstr (hp_trace_get_string (ta, a->cat[i]), ==, hp_trace_get_string (tb, b->cat[i]));
      g_assert_cmpint (a->kind[i], ==, b->kind[i]);
      g_assert_cmpint (a->flags[i], ==, b->flags[i]);
      g_assert_cmpint (hp_rank_pid (a, i), ==, hp_rank_pid (b, i));
      g_assert_cmpint (hp_rank_tid (a, i), ==, hp_rank_tid (b, i));
      g_assert_cmpint (hp_rank_stream (a, i), ==, hp_rank_stream (b, i));
      g_assert_cmpint (hp_rank_correlation (a, i), ==, hp_rank_correlation (b, i));
    }
  /* args keep their keys' ids: the same keys, met in the same order */
  g_assert_cmpmem (a->args, a->args_len, b->args, b->args_len);
  g_assert_cmpuint (hp_strings_size (a->arg_keys), ==, hp_strings_size (b->arg_keys));
  for (guint k = 0; k < hp_strings_size (a->arg_keys); k++)
    g_assert_cmpstr (hp_strings_get (a->arg_keys, k), ==, hp_strings_get (b->arg_keys, k));
  assert_same_metadata (a, b);
}

static void
assert_same_trace (HpTrace *a,
                   HpTrace *b)
{
  g_assert_cmpuint (hp_trace_get_n_ranks (a), ==, hp_trace_get_n_ranks (b));
  g_assert_cmpuint (hp_trace_get_n_strings (a), ==, hp_trace_get_n_strings (b));
  for (guint s = 0; s < hp_trace_get_n_strings (a); s++)
    g_assert_cmpstr (hp_trace_get_string (a, s), ==, hp_trace_get_string (b, s));
  for (guint r = 0; r < hp_trace_get_n_ranks (a); r++)
    assert_same_rank (a, hp_trace_get_rank (a, r), b, hp_trace_get_rank (b, r));
}

/* Loads @path both ways: the same model, or the same error unless
 * @must_load; @scanned: the scanner read every file itself. */
static void
assert_same_load (const char *path,
                  gboolean    must_load,
                  gboolean    scanned)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GError) yajl_error = NULL;
  gint     given_up = g_atomic_int_get (&_hp_parser_n_given_up);
  HpTrace *ours = load (path, FALSE, NULL, &error);
  HpTrace *theirs = load (path, TRUE, NULL, &yajl_error);

  if (must_load)
    {
      g_assert_no_error (error);
      g_assert_no_error (yajl_error);
    }
  if (ours == NULL || theirs == NULL)
    {
      /* no trace in it: the same refusal */
      g_assert_null (ours);
      g_assert_null (theirs);
      g_assert_cmpint (error->code, ==, yajl_error->code);
      g_assert_cmpstr (error->message, ==, yajl_error->message);
    }
  else
    assert_same_trace (ours, theirs);
  if (scanned)
    g_assert_cmpint (g_atomic_int_get (&_hp_parser_n_given_up), ==, given_up);
  else
    g_assert_cmpint (g_atomic_int_get (&_hp_parser_n_given_up), >, given_up);
  g_clear_pointer (&ours, hp_trace_unref);
  g_clear_pointer (&theirs, hp_trace_unref);
}

/* Every real trace of the test data is read by the scanner, into the
 * model yajl gives. */
static void
test_real_traces (void)
{
  guint              n;
  const char *const *cases = hp_test_hta_cases (&n);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *path = hp_test_data_path (cases[i], NULL);

      assert_same_load (path, TRUE, TRUE);
    }
}

static char *
write_text (const char *dir,
            const char *name,
            const char *text,
            gssize      len)
{
  char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (path, text, len, NULL));
  return path;
}

/* Text that is JSON but odd for a trace: every kind of value in every
 * place, escapes, numbers of all forms. */
static const char *const odd_texts[] = {
  "{\"traceEvents\":[{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"a\\\"b\\\\c\\/d\\b\\f\\n\\r\\t\","
  "\"pid\":1,\"tid\":2,\"ts\":1700000000000001.5,\"dur\":2e1,\"args\":{\"stream\":7,\"correlation\":3,"
  "\"e\\u00e9\\u20ac\\u0041\":\"\\u0000x\",\"l\":[1,-2.5e-3,true,false,null,{\"k\":[]},\"s\"],"
  "\"o\":{},\"n\":null,\"t\":true,\"f\":false,\"big\":123456789012345678901234567890,"
  "\"neg\":-0,\"exp\":1E+2}}],\"schemaVersion\":1,\"deviceProperties\":[{\"id\":0,"
  "\"name\":\"\\u00e9\",\"x\":[1.25,null,true]}],\"other\":{\"deep\":[[[{}]]]}}",
  " \r\n\t[ {\"name\" : \"x\" , \"ph\" : \"X\" , \"cat\" : \"cpu_op\" , \"ts\" : 1700000000000010 , \"dur\" : 0.001 ,"
  " \"pid\" : \"7\" , \"tid\" : \"stream 7\" } , 5 , \"s\" , [ ] , { } , null , true ] \n ",
  "{\"traceEvents\":[{\"ph\":\"X\",\"cat\":1,\"name\":[\"n\"],\"pid\":true,\"tid\":{},\"ts\":\"1\","
  "\"dur\":null,\"args\":[1]},{\"ph\":\"X\",\"name\":\"\xff\xfe bad utf-8\",\"cat\":\"\xc3\","
  "\"ts\":1700000000000000.0005,\"dur\":0.0005,\"pid\":-3,\"tid\":9223372036854775807}]}",
  "[]",
  "{}",
  "{\"traceEvents\":[]}",
};

/* What the scanner gives up on: yajl reads it, to the same model. */
static const char *const given_up_texts[] = {
  /* a surrogate pair, and a lone one */
  "{\"traceEvents\":[{\"ph\":\"X\",\"cat\":\"cpu_op\",\"dur\":1,\"name\":\"\\ud83d\\ude00\",\"ts\":1700000000000000,\"pid\":1,\"tid\":1}]}",
  "{\"traceEvents\":[{\"ph\":\"X\",\"cat\":\"cpu_op\",\"dur\":1,\"name\":\"\\ud83dx\",\"ts\":1700000000000000,\"pid\":1,\"tid\":1}]}",
  /* whitespace yajl takes and JSON does not */
  "{\"traceEvents\":\v[\f]}",
};

static void
test_odd_json (HpTestDirFixture *fixture,
               gconstpointer     data)
{
  const char *dir = fixture->dir;

  for (guint i = 0; i < G_N_ELEMENTS (odd_texts); i++)
    {
      g_autofree char *path = write_text (dir, "rank-0.json", odd_texts[i], -1);

      g_test_message ("odd text %u", i);
      assert_same_load (path, i < 3, TRUE);
    }
  for (guint i = 0; i < G_N_ELEMENTS (given_up_texts); i++)
    {
      g_autofree char *path = write_text (dir, "rank-0.json", given_up_texts[i], -1);

      g_test_message ("text left to yajl %u", i);
      assert_same_load (path, i < 2, FALSE);
    }
}

/* One event of a few keys, its name @pad bytes long. */
static void
append_event (GString *s,
              guint    i,
              guint    pad)
{
  g_string_append_printf (s, "%s\n%*s{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"k%u", i == 0 ? "" : ",", (int)(i % 19), "",
                          i % 7);
  for (guint k = 0; k < pad; k++)
    g_string_append_c (s, (char)('a' + k % 26));
  g_string_append_printf (s, "\\n\", \"pid\": 0, \"tid\": %u, \"ts\": 1700000000%u.%03u, \"dur\": %u.5, "
                             "\"args\": {\"stream\": 7, \"correlation\": %u, \"grid\": [%u, 1, 1]}}",
                          i % 3, 1000 + i, i % 1000, i % 50, i, i % 9);
}

/* Tokens cut by the end of every buffer: events of every length around
 * the 256 KiB reads, so that each kind of token (a key, a string, an
 * escape, a number, a literal, whitespace) lands on a boundary. */
static void
test_buffer_boundaries (HpTestDirFixture *fixture,
                        gconstpointer     data)
{
  const char *dir = fixture->dir;
  g_autoptr (GString) s = g_string_new ("{\"traceEvents\": [");
  g_autofree char *path = NULL;

  for (guint i = 0; s->len < 3 * 1024 * 1024; i++)
    append_event (s, i, i % 37);
  g_string_append (s, "\n], \"displayTimeUnit\": \"ms\", \"flag\": true, \"n\": null}\n   ");
  path = write_text (dir, "rank-0.json", s->str, (gssize)s->len);
  assert_same_load (path, TRUE, TRUE);
  /* the same, ending in a number at the end of the data */
  g_string_truncate (s, s->len - 4);
  g_string_truncate (s, s->len - strlen (", \"n\": null}"));
  g_string_append (s, ", \"n\": 12}");
  g_free (path);
  path = write_text (dir, "rank-0.json", s->str, (gssize)s->len);
  assert_same_load (path, TRUE, TRUE);
  /* the same, then reads that hold no token: whitespace after the root,
   * counted among the bytes of JSON */
  for (guint k = 0; k < 600 * 1024; k++)
    g_string_append_c (s, k % 80 == 79 ? '\n' : ' ');
  g_free (path);
  path = write_text (dir, "rank-0.json", s->str, (gssize)s->len);
  assert_same_load (path, TRUE, TRUE);
}

/* A limit met by the callbacks while the scanning thread is blocks ahead
 * stops both threads, with the message of one thread and of yajl; so does
 * the memory limit, met at a later event. */
static void
test_two_threads_limit (HpTestDirFixture *fixture,
                        gconstpointer     data)
{
  const char *dir = fixture->dir;
  g_autoptr (GString) s = g_string_new ("{\"traceEvents\": [");
  g_autofree char *path = NULL;

  for (guint i = 0; s->len < 4 * 1024 * 1024; i++)
    append_event (s, i, i % 37);
  g_string_append (s, "]}");
  path = write_text (dir, "rank-0.json", s->str, (gssize)s->len);
  for (guint k = 0; k < 3; k++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GError) yajl_error = NULL;
      HpLoadLimits limits = { 0 };
      HpTrace     *ours, *theirs;

      if (k == 0)
        limits.max_events = 1000; /* in the first block */
      else if (k == 1)
        limits.max_events = 9000; /* blocks from the start */
      else
        limits.max_memory_bytes = 2 * 1024 * 1024;
      ours = load (path, FALSE, &limits, &error);
      theirs = load (path, TRUE, &limits, &yajl_error);
      g_assert_null (ours);
      g_assert_null (theirs);
      g_assert_nonnull (error);
      g_assert_nonnull (yajl_error);
      g_test_message ("limit %u: %s", k, error->message);
      g_assert_cmpint (error->code, ==, k < 2 ? HP_LOAD_ERROR_NOT_A_TRACE : HP_LOAD_ERROR_TOO_LARGE);
      g_assert_nonnull (strstr (error->message, k < 2 ? "events, the limit of one file" : "of memory, the limit"));
      g_assert_cmpstr (error->message, ==, yajl_error->message);
    }
}

typedef struct
{
  guint         n_calls, cancel_at;
  GCancellable *cancellable;
} CancelAt;

static void
cancel_on_progress (guint64  bytes_done,
                    guint64  bytes_total,
                    guint    files_done,
                    guint    n_files,
                    gpointer user_data)
{
  CancelAt *c = user_data;

  if (++c->n_calls == c->cancel_at)
    g_cancellable_cancel (c->cancellable);
}

/* Cancelled at any point of a load on two threads (before it starts, at
 * the first blocks, near the end), the load ends cancelled and the
 * scanning thread with it; not cancelled, it reports progress on the way. */
static void
test_two_threads_cancel (HpTestDirFixture *fixture,
                         gconstpointer     data)
{
  const char *dir = fixture->dir;
  g_autoptr (GString) s = g_string_new ("{\"traceEvents\": [");
  g_autofree char *path = NULL;

  for (guint i = 0; s->len < 4 * 1024 * 1024; i++)
    append_event (s, i, i % 37);
  g_string_append (s, "]}");
  path = write_text (dir, "rank-0.json", s->str, (gssize)s->len);
  for (guint at = 0; at <= 12; at++)
    {
      g_autoptr (GCancellable) cancellable = g_cancellable_new ();
      g_autoptr (GError) error = NULL;
      HpLoadOptions options = { 0 };
      CancelAt      c = { 0, at < 12 ? at : G_MAXUINT, cancellable };
      HpTrace      *trace;

      if (at == 0)
        g_cancellable_cancel (cancellable);
      options.n_threads = 1;
      options.progress = cancel_on_progress;
      options.progress_data = &c;
      _hp_parser_two_threads_always = TRUE;
      trace = hp_load_path (path, &options, cancellable, &error);
      _hp_parser_two_threads_always = FALSE;
      if (at == 12)
        {
          /* not cancelled */
          g_assert_no_error (error);
          g_assert_nonnull (trace);
          g_assert_cmpuint (c.n_calls, >, 8);
          hp_trace_unref (trace);
          continue;
        }
      g_assert_null (trace);
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
    }
}

/* A name longer than a buffer: the scanner's buffer grows, and takes it. */
static void
test_long_token (HpTestDirFixture *fixture,
                 gconstpointer     data)
{
  const char *dir = fixture->dir;
  g_autoptr (GString) s = g_string_new ("{\"traceEvents\": [{\"ph\": \"X\", \"name\": \"");
  g_autofree char *path = NULL;

  for (guint i = 0; i < 3 * 1024 * 1024; i++)
    g_string_append_c (s, (char)('a' + i % 26));
  g_string_append (s, "\", \"ts\": 1700000000000000, \"dur\": 2, \"pid\": 1, \"tid\": 1, \"cat\": \"cpu_op\"}]}");
  path = write_text (dir, "rank-0.json", s->str, (gssize)s->len);
  assert_same_load (path, TRUE, TRUE);
}

/* Keys on either side of the longest whose field the scanning thread
 * tells the building one (1 MiB - 1), in an event, in its args and in the
 * root object, beside an event's own keys where they name no field (the
 * root's "ph", "ts" and "name", an arg's "dur"). */
static void
test_long_keys (HpTestDirFixture *fixture,
                gconstpointer     data)
{
  const char *dir = fixture->dir;
  const gsize lens[] = { (1u << 20) - 1, 1u << 20, (1u << 20) + 1 };
  g_autoptr (GString) s = g_string_new ("{\"ph\": \"X\", \"ts\": 7, \"name\": \"root\", \"traceEvents\": [");
  g_autofree char *path = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (lens); i++)
    {
      g_autofree char *key = g_malloc (lens[i] + 1);

      /* a key that starts as "ts" does but is longer */
      memset (key, 'a' + i, lens[i]);
      key[0] = 't';
      key[1] = 's';
      key[lens[i]] = '\0';
      g_string_append_printf (s,
                              "%s{\"ph\": \"X\", \"%s\": %u, \"name\": \"k%u\", \"ts\": %u, \"dur\": 3, "
                              "\"pid\": 1, \"tid\": 1, \"cat\": \"cpu_op\", \"args\": {\"%s\": 9, \"dur\": 8}}",
                              i > 0 ? ", " : "", key, 1000 + i, i, 100 + 10 * i, key);
      g_string_append_printf (s, ", {\"ph\": \"i\", \"%s\": {\"ts\": 5}, \"ts\": %u, \"pid\": 1, \"tid\": 2}", key,
                              200 + i);
    }
  g_string_append (s, "], \"");
  for (gsize i = 0; i < lens[1]; i++)
    g_string_append_c (s, 'n');
  g_string_append (s, "\": 1}");
  path = write_text (dir, "rank-0.json", s->str, (gssize)s->len);
  assert_same_load (path, TRUE, TRUE);
}

typedef struct
{
  const char *text;
  guint       max_token_mib; /* 0: the default */
  guint       max_events;
} BadCase;

/* Bad files fail with yajl's message and byte offset, or the limit's. */
static const BadCase bad_cases[] = {
  { "", 0, 0 },
  { "   \n ", 0, 0 },
  { "{\"traceEvents\": [", 0, 0 },
  { "{\"traceEvents\": [{\"name\": \"a", 0, 0 },
  { "{\"traceEvents\": [{\"name\": \"a\\", 0, 0 },
  { "{\"traceEvents\": [{\"name\": \"a\\u00", 0, 0 },
  { "{\"traceEvents\": [{\"ts\": 1", 0, 0 },
  { "{\"traceEvents\": [{\"ts\": -", 0, 0 },
  { "{\"traceEvents\": [{\"ts\": tru", 0, 0 },
  { "{\"traceEvents\": [{\"ts\": 01}]}", 0, 0 },
  { "{\"traceEvents\": [{\"ts\": 1.}]}", 0, 0 },
  { "{\"traceEvents\": [{\"ts\": 1e}]}", 0, 0 },
  { "{\"traceEvents\": [{\"ts\": +1}]}", 0, 0 },
  { "{\"traceEvents\": [{\"ts\": .5}]}", 0, 0 },
  { "{\"traceEvents\": [{\"ts\": nul}]}", 0, 0 },
  { "{\"traceEvents\": [{\"name\": \"a\tb\"}]}", 0, 0 },
  { "{\"traceEvents\": [{\"name\": \"a\\xb\"}]}", 0, 0 },
  { "{\"traceEvents\": [{\"name\": \"a\\u00zz\"}]}", 0, 0 },
  { "{\"traceEvents\": [{\"name\": \"a\",}]}", 0, 0 },
  { "{\"traceEvents\": [{\"name\" \"a\"}]}", 0, 0 },
  { "{\"traceEvents\": [{\"name\": \"a\"}]]", 0, 0 },
  { "{\"traceEvents\": [1,]}", 0, 0 },
  { "{\"traceEvents\": [1 2]}", 0, 0 },
  { "{\"traceEvents\": []} x", 0, 0 },
  { "{\"traceEvents\": []} {}", 0, 0 },
  { "// c\n{\"traceEvents\": []}", 0, 0 },
  { "\xef\xbb\xbf{\"traceEvents\": []}", 0, 0 },
  { "{traceEvents: []}", 0, 0 },
  { "{\"traceEvents\": [], \"traceEvents\": []}", 0, 0 },
  { "{\"a\": 1}", 0, 0 },
  { "5", 0, 0 },
  { "{\"traceEvents\": [{}, {}, {}]}", 0, 2 },
};

static void
test_bad_files (HpTestDirFixture *fixture,
                gconstpointer     data)
{
  const char *dir = fixture->dir;

  for (guint i = 0; i < G_N_ELEMENTS (bad_cases); i++)
    {
      g_autofree char *path = write_text (dir, "rank-0.json", bad_cases[i].text, -1);
      g_autoptr (GError) error = NULL;
      g_autoptr (GError) yajl_error = NULL;
      HpLoadLimits limits = { 0 };
      HpTrace     *ours, *theirs;

      limits.max_token_bytes = (gsize)bad_cases[i].max_token_mib * 1024 * 1024;
      limits.max_events = bad_cases[i].max_events;
      ours = load (path, FALSE, &limits, &error);
      theirs = load (path, TRUE, &limits, &yajl_error);
      g_test_message ("bad text %u: %s", i, yajl_error != NULL ? yajl_error->message : "(loads)");
      g_assert_null (ours);
      g_assert_null (theirs);
      g_assert_nonnull (error);
      g_assert_nonnull (yajl_error);
      g_assert_cmpint (error->code, ==, yajl_error->code);
      g_assert_cmpstr (error->message, ==, yajl_error->message);
    }
}

/* A run of whitespace past max_token_bytes fails as with yajl, and one
 * under it loads: the scanner counts the bytes between tokens as yajl
 * does, or leaves the file to yajl. */
static void
test_token_limit (HpTestDirFixture *fixture,
                  gconstpointer     data)
{
  const char  *dir = fixture->dir;
  HpLoadLimits limits = { 0 };

  limits.max_token_bytes = 1024 * 1024;
  for (guint run = 0; run < 2; run++)
    {
      g_autoptr (GString) s = g_string_new ("{\"traceEvents\": [{\"ph\": \"X\", \"cat\": \"cpu_op\", \"dur\": 1, \"name\": \"a\", \"ts\": 1700000000000000, "
                                            "\"pid\": 1, \"tid\": 1}");
      g_autofree char *path = NULL;
      g_autoptr (GError) error = NULL;
      g_autoptr (GError) yajl_error = NULL;
      HpTrace *ours, *theirs;

      for (gsize k = 0; k < (run == 0 ? 3u : 1u) * 1024 * 1024 - 1000 * run; k++)
        g_string_append_c (s, ' ');
      g_string_append (s, "]}");
      path = write_text (dir, "rank-0.json", s->str, (gssize)s->len);
      ours = load (path, FALSE, &limits, &error);
      theirs = load (path, TRUE, &limits, &yajl_error);
      g_assert_cmpint (ours == NULL, ==, theirs == NULL);
      if (run == 0)
        {
          g_assert_nonnull (error);
          g_assert_nonnull (yajl_error);
          g_assert_nonnull (strstr (error->message, "runs longer than 1 MiB"));
          g_assert_cmpstr (error->message, ==, yajl_error->message);
        }
      else
        {
          g_assert_no_error (error);
          g_assert_no_error (yajl_error);
          assert_same_trace (ours, theirs);
          hp_trace_unref (ours);
          hp_trace_unref (theirs);
        }
    }
}

/* A gzip file whose trailer is wrong fails after as many bytes of JSON
 * as with yajl: the scanner reads the file in yajl's chunks. */
static void
test_corrupt_gzip (HpTestDirFixture *fixture,
                   gconstpointer     test_data)
{
  const char *dir = fixture->dir;
  g_autoptr (GString) s = g_string_new ("{\"traceEvents\": [");
  g_autoptr (GConverter) zlib = G_CONVERTER (g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP, 6));
  g_autoptr (GOutputStream) mem = g_memory_output_stream_new_resizable ();
  g_autoptr (GOutputStream) out = g_converter_output_stream_new (mem, zlib);
  g_autoptr (GBytes) gz = NULL;
  g_autofree char *path = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GError) yajl_error = NULL;
  guint8  *data;
  gsize    len;
  HpTrace *ours, *theirs;

  /* a name that grows event by event: chunks end inside tokens of every
   * kind, and the buffer keeps a different tail each time */
  for (guint i = 0; s->len < 1100 * 1024; i++)
    append_event (s, i, (i * 13) % 301);
  g_string_append (s, "]}");
  g_assert_true (g_output_stream_write_all (out, s->str, s->len, NULL, NULL, NULL));
  g_assert_true (g_output_stream_close (out, NULL, NULL));
  gz = g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (mem));
  len = g_bytes_get_size (gz);
  data = g_memdup2 (g_bytes_get_data (gz, NULL), len);
  data[len - 6] ^= 0x5a; /* the CRC-32 */
  path = g_build_filename (dir, "rank-0.json.gz", NULL);
  g_assert_true (g_file_set_contents (path, (const char *)data, (gssize)len, NULL));
  g_free (data);
  ours = load (path, FALSE, NULL, &error);
  theirs = load (path, TRUE, NULL, &yajl_error);
  g_assert_null (ours);
  g_assert_null (theirs);
  g_assert_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_JSON);
  g_assert_nonnull (strstr (error->message, "corrupt gzip data"));
  g_assert_cmpstr (error->message, ==, yajl_error->message);
}

/* A file gets its scanning thread only with a core left free by the
 * other runnable threads: by the kernel's pressure figures, else by the
 * runnable threads now and over the last minute. */
static void
test_core_is_spare (void)
{
  const char *calm = "some avg10=3.10 avg60=40.00 avg300=72.26 total=25081386388\n"
                     "full avg10=0.00 avg60=0.00 avg300=0.00 total=0\n";
  const char *busy = "some avg10=47.67 avg60=2.04 avg300=1.26 total=25081386388\n"
                     "full avg10=0.00 avg60=0.00 avg300=0.00 total=0\n";
  const char *odd[] = { "", "full avg10=0.00", "some avg10=x", "some avg10=-1.0", "some avg10=180.5" };

  /* the pressure of the last ten seconds decides, whatever the load */
  g_assert_true (_hp_parser_core_is_spare_in (calm, "11.50 7.33 11.82 9/420 4242\n", 2));
  g_assert_false (_hp_parser_core_is_spare_in (busy, "0.12 0.30 0.41 1/180 4242\n", 2));
  g_assert_false (_hp_parser_core_is_spare_in (busy, NULL, 8));
  /* pressure text that cannot be read leaves it to the load */
  for (guint i = 0; i < G_N_ELEMENTS (odd); i++)
    {
      g_assert_true (_hp_parser_core_is_spare_in (odd[i], "0.12 0.30 0.41 1/180 4242\n", 2));
      g_assert_false (_hp_parser_core_is_spare_in (odd[i], "11.50 7.33 11.82 9/420 4242\n", 2));
    }
  /* one core has none to spare, calm or not */
  g_assert_false (_hp_parser_core_is_spare_in (calm, NULL, 1));
  /* quiet: only the caller runs */
  g_assert_true (_hp_parser_core_is_spare_in (NULL, "0.12 0.30 0.41 1/180 4242\n", 2));
  /* a moment's burst with a quiet minute, or a busy minute gone quiet */
  g_assert_true (_hp_parser_core_is_spare_in (NULL, "0.20 0.30 0.41 4/180 4242\n", 2));
  g_assert_true (_hp_parser_core_is_spare_in (NULL, "9.80 7.00 5.00 1/180 4242\n", 2));
  /* busy now and over the minute: one other thread takes the second core */
  g_assert_false (_hp_parser_core_is_spare_in (NULL, "1.20 0.90 0.50 2/180 4242\n", 2));
  g_assert_false (_hp_parser_core_is_spare_in (NULL, "11.50 7.33 11.82 9/420 4242\n", 2));
  /* the same on eight cores leaves some free, until they are taken */
  g_assert_true (_hp_parser_core_is_spare_in (NULL, "5.70 7.33 11.82 9/420 4242\n", 8));
  g_assert_false (_hp_parser_core_is_spare_in (NULL, "6.60 7.33 11.82 9/420 4242\n", 8));
  /* one core has none to spare */
  g_assert_false (_hp_parser_core_is_spare_in (NULL, "0.00 0.00 0.00 1/180 4242\n", 1));
  /* text that is not /proc/loadavg's tells nothing: a core is free */
  g_assert_true (_hp_parser_core_is_spare_in (NULL, NULL, 2));
  g_assert_true (_hp_parser_core_is_spare_in (NULL, "", 2));
  g_assert_true (_hp_parser_core_is_spare_in (NULL, "busy", 2));
  g_assert_true (_hp_parser_core_is_spare_in (NULL, "3.0 2.0 1.0", 2));
  g_assert_true (_hp_parser_core_is_spare_in (NULL, "3.0 2.0 1.0 0/180 1", 2));
  g_assert_true (_hp_parser_core_is_spare_in (NULL, "-3.0 2.0 1.0 5/180 1", 2));
  g_assert_true (_hp_parser_core_is_spare_in (NULL, "nan 2.0 1.0 5/180 1", 2));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/parser-scan/real-traces", test_real_traces);
  hp_test_add_dir ("/core/parser-scan/odd-json", NULL, test_odd_json);
  hp_test_add_dir ("/core/parser-scan/buffer-boundaries", NULL, test_buffer_boundaries);
  hp_test_add_dir ("/core/parser-scan/long-token", NULL, test_long_token);
  hp_test_add_dir ("/core/parser-scan/long-keys", NULL, test_long_keys);
  hp_test_add_dir ("/core/parser-scan/two-threads-limit", NULL, test_two_threads_limit);
  hp_test_add_dir ("/core/parser-scan/two-threads-cancel", NULL, test_two_threads_cancel);
  hp_test_add_dir ("/core/parser-scan/bad-files", NULL, test_bad_files);
  hp_test_add_dir ("/core/parser-scan/token-limit", NULL, test_token_limit);
  hp_test_add_dir ("/core/parser-scan/corrupt-gzip", NULL, test_corrupt_gzip);
  g_test_add_func ("/core/parser-scan/core-is-spare", test_core_is_spare);

  return g_test_run ();
}
