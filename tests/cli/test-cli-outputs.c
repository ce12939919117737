/* test-cli-outputs.c — what hotpath-cli writes, and where it refuses to.
 *
 * Every special file these tests offer as an output lives in a temporary
 * folder of their own (FIFOs, sockets, folders and symbolic links made
 * there), never a real device: a broken build that replaces them destroys
 * nothing outside that folder. Standard output on /dev/full is only opened
 * for writing, never created, renamed or removed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "hp-test-utils.h"

typedef struct
{
  int     status;
  GBytes *out;
  char   *err;
} Run;

static void
run_clear (Run *run)
{
  g_clear_pointer (&run->out, g_bytes_unref);
  g_clear_pointer (&run->err, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

/* runs @program with @argv; standard output goes to @stdout_fd when it
 * is not -1 (taken), else it is read as bytes, whatever they are */
static void
run_program (Run               *run,
             const char        *program,
             int                stdout_fd,
             const char *const *args)
{
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GSubprocess) proc = NULL;
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GBytes) err = NULL;
  g_autoptr (GError) error = NULL;
  GSubprocessFlags flags = G_SUBPROCESS_FLAGS_STDERR_PIPE;
  gsize            err_size;
  const char      *err_data;

  g_ptr_array_add (argv, (gpointer)program);
  g_assert_nonnull (argv->pdata[0]);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer)args[i]);
  g_ptr_array_add (argv, NULL);

  if (stdout_fd == -1)
    flags |= G_SUBPROCESS_FLAGS_STDOUT_PIPE;
  launcher = g_subprocess_launcher_new (flags);
  if (stdout_fd != -1)
    g_subprocess_launcher_take_stdout_fd (launcher, stdout_fd);
  proc = g_subprocess_launcher_spawnv (launcher, (const char *const *)argv->pdata, &error);
  g_assert_no_error (error);
  g_subprocess_communicate (proc, NULL, NULL, stdout_fd == -1 ? &run->out : NULL, &err, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (proc));
  run->status = g_subprocess_get_exit_status (proc);
  err_data = g_bytes_get_data (err, &err_size);
  run->err = g_strndup (err_data != NULL ? err_data : "", err_size);
}

static void
run_cli (Run               *run,
         int                stdout_fd,
         const char *const *args)
{
  run_program (run, g_getenv ("HOTPATH_CLI"), stdout_fd, args);
}

/* a small trace with one CPU op named @op_name launching three kernels
 * named @kernel_name, on rank 0 */
static void
write_trace (const char *path,
             const char *op_name,
             const char *kernel_name)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  g_autoptr (JsonNode) root = NULL;
  g_autoptr (GError) error = NULL;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "schemaVersion");
  json_builder_add_int_value (b, 1);
  json_builder_set_member_name (b, "distributedInfo");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "rank");
  json_builder_add_int_value (b, 0);
  json_builder_end_object (b);
  json_builder_set_member_name (b, "traceEvents");
  json_builder_begin_array (b);
#define EVENT(cat, name, pid, tid, ts, dur, corr)        \
  G_STMT_START                                           \
  {                                                      \
    json_builder_begin_object (b);                       \
    json_builder_set_member_name (b, "ph");              \
    json_builder_add_string_value (b, "X");              \
    json_builder_set_member_name (b, "cat");             \
    json_builder_add_string_value (b, cat);              \
    json_builder_set_member_name (b, "name");            \
    json_builder_add_string_value (b, name);             \
    json_builder_set_member_name (b, "pid");             \
    json_builder_add_int_value (b, pid);                 \
    json_builder_set_member_name (b, "tid");             \
    json_builder_add_int_value (b, tid);                 \
    json_builder_set_member_name (b, "ts");              \
    json_builder_add_int_value (b, ts);                  \
    json_builder_set_member_name (b, "dur");             \
    json_builder_add_int_value (b, dur);                 \
    json_builder_set_member_name (b, "args");            \
    json_builder_begin_object (b);                       \
    if (corr > 0)                                        \
      {                                                  \
        json_builder_set_member_name (b, "correlation"); \
        json_builder_add_int_value (b, corr);            \
      }                                                  \
    if (pid == 0)                                        \
      {                                                  \
        json_builder_set_member_name (b, "device");      \
        json_builder_add_int_value (b, 0);               \
        json_builder_set_member_name (b, "stream");      \
        json_builder_add_int_value (b, 7);               \
      }                                                  \
    json_builder_end_object (b);                         \
    json_builder_end_object (b);                         \
  }                                                      \
  G_STMT_END
  EVENT ("user_annotation", "ProfilerStep#1", 100, 100, 1000, 1000, 0);
  EVENT ("cpu_op", op_name, 100, 100, 1010, 200, 0);
  for (int k = 1; k <= 3; k++)
    {
      EVENT ("cuda_runtime", "cudaLaunchKernel", 100, 100, 1010 + 20 * k, 5, k);
      EVENT ("kernel", kernel_name, 0, 7, 1100 + 40 * k, 10, k);
    }
#undef EVENT
  json_builder_end_array (b);
  json_builder_end_object (b);

  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  json_generator_to_file (gen, path, &error);
  g_assert_no_error (error);
}

static char *
make_dir (void)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp ("hotpath-outputs-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

static char *
make_trace (const char *dir)
{
  char *path = g_build_filename (dir, "rank-0.json", NULL);

  write_trace (path, "aten::linear", "gemm");
  return path;
}

/* a socket bound at @path, closed again: the node stays */
static void
make_socket (const char *path)
{
  struct sockaddr_un addr = { 0 };
  int                fd = socket (AF_UNIX, SOCK_STREAM, 0);

  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpuint (strlen (path), <, sizeof addr.sun_path);
  addr.sun_family = AF_UNIX;
  strcpy (addr.sun_path, path);
  g_assert_cmpint (bind (fd, (struct sockaddr *)&addr, sizeof addr), ==, 0);
  close (fd);
}

typedef enum
{
  SPECIAL_FIFO,
  SPECIAL_DIR,
  SPECIAL_SOCKET,
  SPECIAL_LINK_TO_FIFO,
  SPECIAL_DANGLING_LINK,
} Special;

static const char *const special_names[] = { "fifo", "dir", "socket", "link-to-fifo", "dangling-link" };

/* puts a special file at @path; returns what `lstat` must still say
 * afterwards */
static mode_t
make_special (const char *path,
              Special     kind)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *fifo = g_build_filename (dir, "the-fifo", NULL);

  switch (kind)
    {
    case SPECIAL_FIFO:
      g_assert_cmpint (mkfifo (path, 0600), ==, 0);
      return S_IFIFO;
    case SPECIAL_DIR:
      g_assert_cmpint (g_mkdir (path, 0700), ==, 0);
      return S_IFDIR;
    case SPECIAL_SOCKET:
      make_socket (path);
      return S_IFSOCK;
    case SPECIAL_LINK_TO_FIFO:
      g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
      g_assert_cmpint (symlink (fifo, path), ==, 0);
      return S_IFLNK;
    case SPECIAL_DANGLING_LINK:
      g_assert_cmpint (symlink ("no-such-file", path), ==, 0);
      return S_IFLNK;
    default:
      g_assert_not_reached ();
    }
}

static void
assert_still (const char *path,
              mode_t      type)
{
  GStatBuf st;

  g_assert_cmpint (g_lstat (path, &st), ==, 0);
  g_assert_cmpuint (st.st_mode & S_IFMT, ==, type);
}

static void
assert_refused (Run        *run,
                const char *path)
{
  if (run->status != 1 || strstr (run->err, path) == NULL ||
      strstr (run->err, "not a regular file") == NULL)
    g_error ("expected a refusal naming %s, got exit %d: %s", path, run->status, run->err);
}

/* `report -o DIR` where DIR/<table>.csv is a special file */
static void
test_report_refuses_special (gconstpointer data)
{
  Special          kind = GPOINTER_TO_INT (data);
  g_autofree char *dir = make_dir ();
  g_autofree char *trace = make_trace (dir);
  g_autofree char *out = g_build_filename (dir, "out", NULL);
  g_autofree char *target = g_build_filename (out, "temporal_breakdown.csv", NULL);
  g_auto (Run) run = { 0 };
  mode_t type;

  g_assert_cmpint (g_mkdir (out, 0700), ==, 0);
  type = make_special (target, kind);
  run_cli (&run, -1,
           (const char *const[]){ "report", "--analysis", "temporal_breakdown", "--output", out, trace,
                                  NULL });
  assert_refused (&run, target);
  assert_still (target, type);
  hp_test_remove_tree (dir);
}

/* `check -o FILE`, `counters -o DIR` and a chart of `report --charts` */
static void
test_other_outputs_refuse_special (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *trace = make_trace (dir);
  g_autofree char *report = g_build_filename (dir, "check.txt", NULL);
  g_autofree char *counters_dir = g_build_filename (dir, "counters", NULL);
  g_autofree char *counters = g_build_filename (counters_dir, "rank-0_with_counters.json", NULL);
  g_autofree char *charts_dir = g_build_filename (dir, "charts", NULL);
  g_auto (Run) check = { 0 };
  g_auto (Run) rewrite = { 0 };
  g_auto (Run) chart = { 0 };
  g_autoptr (GDir) listing = NULL;
  const char *name;

  make_special (report, SPECIAL_FIFO);
  run_cli (&check, -1, (const char *const[]){ "check", "--output", report, trace, trace, NULL });
  assert_refused (&check, report);
  assert_still (report, S_IFIFO);

  g_assert_cmpint (g_mkdir (counters_dir, 0700), ==, 0);
  make_special (counters, SPECIAL_LINK_TO_FIFO);
  run_cli (&rewrite, -1, (const char *const[]){ "counters", "--output", counters_dir, trace, NULL });
  assert_refused (&rewrite, counters);
  assert_still (counters, S_IFLNK);
  /* and no temporary file is left behind */
  listing = g_dir_open (counters_dir, 0, NULL);
  while ((name = g_dir_read_name (listing)) != NULL)
    g_assert_false (g_str_has_prefix (name, "."));

  /* a chart's file: every chart of the table is a FIFO, so whichever is
   * written first is refused */
  g_assert_cmpint (g_mkdir (charts_dir, 0700), ==, 0);
  for (guint i = 0; i < 4; i++)
    {
      static const char *const names[] = { "temporal_breakdown.png", "temporal_breakdown_bar.png",
                                           "temporal_breakdown_pie.png", "temporal_breakdown_0.png" };
      g_autofree char         *path = g_build_filename (charts_dir, names[i], NULL);

      make_special (path, SPECIAL_FIFO);
    }
  run_cli (&chart, -1,
           (const char *const[]){ "report", "--analysis", "temporal_breakdown", "--output", charts_dir,
                                  "--charts", "png", trace, NULL });
  if (chart.status == 0)
    {
      /* the charts have other names: find them, make them FIFOs, again */
      g_autoptr (GDir) d = g_dir_open (charts_dir, 0, NULL);
      g_autoptr (GPtrArray) pngs = g_ptr_array_new_with_free_func (g_free);
      g_auto (Run) again = { 0 };

      while ((name = g_dir_read_name (d)) != NULL)
        if (g_str_has_suffix (name, ".png"))
          {
            GStatBuf st;
            char    *path = g_build_filename (charts_dir, name, NULL);

            g_assert_cmpint (g_lstat (path, &st), ==, 0);
            if (S_ISREG (st.st_mode))
              g_ptr_array_add (pngs, path);
            else
              g_free (path);
          }
      g_assert_cmpuint (pngs->len, >, 0);
      for (guint i = 0; i < pngs->len; i++)
        {
          g_assert_cmpint (g_unlink (pngs->pdata[i]), ==, 0);
          make_special (pngs->pdata[i], SPECIAL_FIFO);
        }
      run_cli (&again, -1,
               (const char *const[]){ "report", "--analysis", "temporal_breakdown", "--output",
                                      charts_dir, "--charts", "png", trace, NULL });
      assert_refused (&again, charts_dir);
      for (guint i = 0; i < pngs->len; i++)
        assert_still (pngs->pdata[i], S_IFIFO);
    }
  else
    assert_refused (&chart, charts_dir);
  hp_test_remove_tree (dir);
}

/* a symbolic link to a regular file is followed: the file gets the
 * contents, the link stays a link */
static void
test_link_to_regular_file (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *trace = make_trace (dir);
  g_autofree char *real = g_build_filename (dir, "real.txt", NULL);
  g_autofree char *link = g_build_filename (dir, "report.txt", NULL);
  g_autofree char *contents = NULL;
  g_auto (Run) run = { 0 };
  GStatBuf st;

  g_assert_true (g_file_set_contents (real, "old", -1, NULL));
  g_assert_cmpint (g_chmod (real, 0640), ==, 0);
  g_assert_cmpint (symlink ("real.txt", link), ==, 0);
  run_cli (&run, -1, (const char *const[]){ "check", "--output", link, trace, trace, NULL });
  g_assert_cmpint (run.status, ==, 0);
  assert_still (link, S_IFLNK);
  g_assert_true (g_file_get_contents (real, &contents, NULL, NULL));
  g_assert_cmpstr (contents, !=, "old");
  g_assert_nonnull (strstr (contents, "step"));
  /* the file replaced keeps its permissions */
  g_assert_cmpint (g_stat (real, &st), ==, 0);
  g_assert_cmpuint (st.st_mode & 0777, ==, 0640);
  hp_test_remove_tree (dir);
}

/* /dev/full opened for writing, as `> /dev/full` does; -1 when this
 * machine has none */
static int
open_dev_full (void)
{
  struct stat st;
  int         fd = open ("/dev/full", O_WRONLY | O_CLOEXEC);

  if (fd < 0)
    return -1;
  if (fstat (fd, &st) != 0 || !S_ISCHR (st.st_mode))
    {
      close (fd);
      return -1;
    }
  return fd;
}

/* every command that prints fails when its output cannot be written */
static void
test_stdout_full (void)
{
  g_autofree char         *dir = make_dir ();
  g_autofree char         *trace = make_trace (dir);
  g_autofree char         *counters_dir = g_build_filename (dir, "counters", NULL);
  g_autofree char         *cp_dir = g_build_filename (dir, "cp", NULL);
  const char *const *const commands[] = {
    (const char *const[]){ "--help", NULL },
    (const char *const[]){ "--version", NULL },
    (const char *const[]){ "info", "--help", NULL },
    (const char *const[]){ "info", trace, NULL },
    (const char *const[]){ "info", "--json", trace, NULL },
    (const char *const[]){ "report", "--analysis", "temporal_breakdown", trace, NULL },
    (const char *const[]){ "report", "--analysis", "temporal_breakdown", "--format", "json", trace, NULL },
    (const char *const[]){ "findings", trace, NULL },
    (const char *const[]){ "analyses", NULL },
    (const char *const[]){ "analyses", "--markdown", NULL },
    (const char *const[]){ "diff", trace, trace, NULL },
    (const char *const[]){ "compare", "--labels", "a,b", trace, trace, NULL },
    (const char *const[]){ "check", trace, trace, NULL },
    (const char *const[]){ "counters", "--output", counters_dir, trace, NULL },
    (const char *const[]){ "critical-path", trace, NULL },
    (const char *const[]){ "critical-path", "--output", cp_dir, trace, NULL },
    (const char *const[]){ "patterns", "--list-operators", trace, NULL },
    (const char *const[]){ "health", trace, NULL },
    (const char *const[]){ "bench", "--load-only", trace, NULL },
  };
  int probe = open_dev_full ();

  if (probe < 0)
    {
      g_test_skip ("no /dev/full on this machine");
      hp_test_remove_tree (dir);
      return;
    }
  close (probe);
  g_assert_cmpint (g_mkdir (counters_dir, 0700), ==, 0);

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_auto (Run) full = { 0 };
      g_auto (Run) piped = { 0 };
      g_autofree char *line = g_strjoinv (" ", (char **)commands[i]);

      /* the same command succeeds and prints something when it can */
      run_cli (&piped, -1, commands[i]);
      if (piped.status != 0 || g_bytes_get_size (piped.out) == 0)
        g_error ("%s: exit %d, %zu bytes: %s", line, piped.status, g_bytes_get_size (piped.out),
                 piped.err);

      run_cli (&full, open_dev_full (), commands[i]);
      if (full.status != 1 || strstr (full.err, "cannot write standard output") == NULL)
        g_error ("%s > /dev/full: exit %d: %s", line, full.status, full.err);
    }

  /* and the app's own command line */
  for (guint i = 0; i < 2; i++)
    {
      const char *const args[] = { i == 0 ? "--help" : "--version", NULL };
      g_auto (Run) full = { 0 };

      run_program (&full, g_getenv ("HOTPATH_APP"), open_dev_full (), args);
      if (full.status != 1 || strstr (full.err, "cannot write standard output") == NULL)
        g_error ("hotpath %s > /dev/full: exit %d: %s", args[0], full.status, full.err);
    }
  hp_test_remove_tree (dir);
}

/* a regression found by `check` on an unwritable output is still a failure
 * to write: exit 1, not 3 */
static void
test_stdout_full_regression (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *base = g_build_filename (dir, "base.json", NULL);
  g_autofree char *slow = g_build_filename (dir, "slow.json", NULL);
  g_autofree char *text = NULL;
  g_autofree char *slower = NULL;
  g_auto (Run) piped = { 0 };
  g_auto (Run) full = { 0 };
  int fd = open_dev_full ();

  if (fd < 0)
    {
      g_test_skip ("no /dev/full on this machine");
      hp_test_remove_tree (dir);
      return;
    }
  write_trace (base, "aten::linear", "gemm");
  g_assert_true (g_file_get_contents (base, &text, NULL, NULL));
  /* every kernel ten times longer */
  {
    g_auto (GStrv) parts = g_strsplit (text, "\"dur\":10,", -1);

    slower = g_strjoinv ("\"dur\":100,", parts);
  }
  g_assert_cmpstr (slower, !=, text);
  g_assert_true (g_file_set_contents (slow, slower, -1, NULL));

  run_cli (&piped, -1, (const char *const[]){ "check", base, slow, NULL });
  g_assert_cmpint (piped.status, ==, 3);
  run_cli (&full, fd, (const char *const[]){ "check", base, slow, NULL });
  g_assert_cmpint (full.status, ==, 1);
  g_assert_nonnull (strstr (full.err, "cannot write standard output"));
  hp_test_remove_tree (dir);
}

static char *
csv_of (const char *dir,
        gboolean    hta_compat)
{
  g_autofree char *trace = g_build_filename (dir, "rank-0.json", NULL);
  g_autofree char *out = g_build_filename (dir, hta_compat ? "compat" : "default", NULL);
  g_autofree char *csv = g_build_filename (out, "gpu_kernel_breakdown_kernels.csv", NULL);
  g_auto (Run) run = { 0 };
  char *contents = NULL;

  if (hta_compat)
    run_cli (&run, -1,
             (const char *const[]){ "report", "--hta-compat", "--analysis", "gpu_kernel_breakdown",
                                    "--output", out, trace, NULL });
  else
    run_cli (&run, -1,
             (const char *const[]){ "report", "--analysis", "gpu_kernel_breakdown", "--output", out,
                                    trace, NULL });
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_file_get_contents (csv, &contents, NULL, NULL));
  return contents;
}

/* a kernel named like a formula: escaped by default, HTA's bytes in
 * --hta-compat; numbers, negative ones included, are never touched */
static void
test_csv_formula_names (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *trace = g_build_filename (dir, "rank-0.json", NULL);
  g_autofree char *safe = NULL;
  g_autofree char *compat = NULL;

  write_trace (trace, "aten::linear", "=HYPERLINK(\"http://x\",\"y\")");
  safe = csv_of (dir, FALSE);
  compat = csv_of (dir, TRUE);
  g_assert_nonnull (strstr (safe, "\n\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\","));
  g_assert_null (strstr (safe, "\n\"=HYPERLINK"));
  g_assert_nonnull (strstr (compat, "\n\"=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\","));
  g_assert_null (strstr (compat, "'="));
  hp_test_remove_tree (dir);
}

static gboolean
has_control (GBytes *bytes)
{
  gsize         size;
  const guchar *data = g_bytes_get_data (bytes, &size);

  for (gsize i = 0; i < size; i++)
    if ((data[i] < 0x20 && data[i] != '\n') || data[i] == 0x7f)
      return TRUE;
  return FALSE;
}

/* an escape sequence in a name reaches no terminal raw */
static void
test_control_bytes_escaped (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *a = g_build_filename (dir, "a.json", NULL);
  g_autofree char *b = g_build_filename (dir, "b.json", NULL);
  g_auto (Run) diff = { 0 };
  g_auto (Run) list = { 0 };
  g_auto (Run) report = { 0 };
  g_autofree char *diff_text = NULL;

  write_trace (a, "evil\033]0;pwned\007op", "k\033[2Jernel");
  write_trace (b, "aten::linear", "gemm");

  run_cli (&diff, -1, (const char *const[]){ "diff", a, b, NULL });
  g_assert_cmpint (diff.status, ==, 0);
  g_assert_false (has_control (diff.out));
  diff_text = g_strndup (g_bytes_get_data (diff.out, NULL), g_bytes_get_size (diff.out));
  g_assert_nonnull (strstr (diff_text, "evil\\x1b]0;pwned\\x07op"));

  run_cli (&list, -1, (const char *const[]){ "patterns", "--list-operators", a, NULL });
  g_assert_cmpint (list.status, ==, 0);
  g_assert_cmpuint (g_bytes_get_size (list.out), >, 0);
  g_assert_false (has_control (list.out));

  run_cli (&report, -1, (const char *const[]){ "report", "--analysis", "gpu_kernel_breakdown", a, NULL });
  g_assert_cmpint (report.status, ==, 0);
  g_assert_false (has_control (report.out));

  /* a file name with an escape sequence, in info's text and on stderr */
  {
    g_autofree char *sub = g_build_filename (dir, "one", NULL);
    g_autofree char *evil = g_build_filename (sub, "evil\033[2J.json", NULL);
    g_auto (Run) info = { 0 };

    g_assert_cmpint (g_mkdir (sub, 0700), ==, 0);
    g_assert_cmpint (g_rename (b, evil), ==, 0);
    run_cli (&info, -1, (const char *const[]){ "info", sub, NULL });
    g_assert_cmpint (info.status, ==, 0);
    g_assert_false (has_control (info.out));
    g_assert_null (strchr (info.err, '\033'));
    g_assert_nonnull (g_strstr_len (g_bytes_get_data (info.out, NULL), (gssize)g_bytes_get_size (info.out),
                                    "evil\\x1b[2J.json"));
  }
  hp_test_remove_tree (dir);
}

/* a file name that is not UTF-8 still makes valid JSON */
static void
test_json_valid_utf8 (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *trace = g_build_filename (dir, "rank-0-\xff\xfe.json", NULL);
  g_auto (Run) run = { 0 };
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  gsize       size;
  const char *data;

  write_trace (trace, "aten::linear", "gemm");
  run_cli (&run, -1, (const char *const[]){ "info", "--json", dir, NULL });
  g_assert_cmpint (run.status, ==, 0);
  data = g_bytes_get_data (run.out, &size);
  g_assert_true (g_utf8_validate_len (data, size, NULL));
  json_parser_load_from_data (parser, data, (gssize)size, &error);
  g_assert_no_error (error);
  /* the bad bytes show as U+FFFD */
  g_assert_nonnull (g_strstr_len (data, (gssize)size, "rank-0-\xef\xbf\xbd"));
  hp_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (special_names); i++)
    {
      g_autofree char *path = g_strdup_printf ("/cli/outputs/refuses/%s", special_names[i]);

      g_test_add_data_func (path, GINT_TO_POINTER (i), test_report_refuses_special);
    }
  g_test_add_func ("/cli/outputs/refuses/others", test_other_outputs_refuse_special);
  g_test_add_func ("/cli/outputs/link-to-regular-file", test_link_to_regular_file);
  g_test_add_func ("/cli/outputs/stdout-full", test_stdout_full);
  g_test_add_func ("/cli/outputs/stdout-full-regression", test_stdout_full_regression);
  g_test_add_func ("/cli/outputs/csv-formula-names", test_csv_formula_names);
  g_test_add_func ("/cli/outputs/control-bytes", test_control_bytes_escaped);
  g_test_add_func ("/cli/outputs/json-valid-utf8", test_json_valid_utf8);
  return g_test_run ();
}
