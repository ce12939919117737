/* test-output.c — hp-output-file.c and hp-output-text.c: files written
 * only over regular files, and text made safe for where it goes.
 *
 * The special files are made in a temporary folder of the test's own; no
 * device of the machine is ever a target.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "hp-core.h"
#include "hp-test-utils.h"

static char *
make_dir (void)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp ("hotpath-output-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

static guint
count_entries (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (g_dir_read_name (d) != NULL)
    n++;
  return n;
}

static void
assert_refused (const char *path,
                mode_t      type)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_path_get_dirname (path);
  guint            before = count_entries (dir);
  GStatBuf         st;

  g_assert_false (hp_output_file_write (path, "x", 1, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE);
  g_assert_true (g_str_has_prefix (error->message, path));
  g_assert_nonnull (strstr (error->message, "not a regular file"));
  g_assert_cmpint (g_lstat (path, &st), ==, 0);
  g_assert_cmpuint (st.st_mode & S_IFMT, ==, type);
  /* no temporary file left behind */
  g_assert_cmpuint (count_entries (dir), ==, before);
}

static void
test_refuses_special (void)
{
  g_autofree char   *dir = make_dir ();
  g_autofree char   *fifo = g_build_filename (dir, "fifo", NULL);
  g_autofree char   *sub = g_build_filename (dir, "sub", NULL);
  g_autofree char   *sock = g_build_filename (dir, "sock", NULL);
  g_autofree char   *link_fifo = g_build_filename (dir, "link-fifo", NULL);
  g_autofree char   *link_dir = g_build_filename (dir, "link-dir", NULL);
  g_autofree char   *dangling = g_build_filename (dir, "dangling", NULL);
  struct sockaddr_un addr = { .sun_family = AF_UNIX };
  int                fd;

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_cmpint (g_mkdir (sub, 0700), ==, 0);
  fd = socket (AF_UNIX, SOCK_STREAM, 0);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpuint (strlen (sock), <, sizeof addr.sun_path);
  strcpy (addr.sun_path, sock);
  g_assert_cmpint (bind (fd, (struct sockaddr *)&addr, sizeof addr), ==, 0);
  close (fd);
  g_assert_cmpint (symlink (fifo, link_fifo), ==, 0);
  g_assert_cmpint (symlink ("sub", link_dir), ==, 0);
  g_assert_cmpint (symlink ("nothing-here", dangling), ==, 0);

  assert_refused (fifo, S_IFIFO);
  assert_refused (sub, S_IFDIR);
  assert_refused (sock, S_IFSOCK);
  assert_refused (link_fifo, S_IFLNK);
  assert_refused (link_dir, S_IFLNK);
  assert_refused (dangling, S_IFLNK);
  g_assert_cmpuint (count_entries (sub), ==, 0);
  hp_test_remove_tree (dir);
}

static void
test_follows_link_to_regular (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *real = g_build_filename (dir, "real.csv", NULL);
  g_autofree char *link = g_build_filename (dir, "link.csv", NULL);
  g_autofree char *fresh = g_build_filename (dir, "fresh.csv", NULL);
  g_autofree char *contents = NULL;
  g_autofree char *target = NULL;
  g_autoptr (GError) error = NULL;
  GStatBuf st;

  g_assert_true (g_file_set_contents (real, "old", -1, NULL));
  g_assert_cmpint (g_chmod (real, 0600), ==, 0);
  g_assert_cmpint (symlink ("real.csv", link), ==, 0);

  target = hp_output_file_resolve (link, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_suffix (target, "/real.csv"));

  g_assert_true (hp_output_file_write (link, "new", 3, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_lstat (link, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  g_assert_true (g_file_get_contents (real, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "new");
  g_assert_cmpint (g_stat (real, &st), ==, 0);
  g_assert_cmpuint (st.st_mode & 0777, ==, 0600);

  /* a new file, and an empty one */
  g_assert_true (hp_output_file_write (fresh, "", 0, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (fresh, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpuint (count_entries (dir), ==, 3);
  hp_test_remove_tree (dir);
}

/* the target turning into a FIFO while the contents are written */
static void
test_commit_checks_again (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, "out.csv", NULL);
  g_autoptr (HpOutputFile) file = NULL;
  g_autoptr (GError) error = NULL;
  GStatBuf st;

  file = hp_output_file_open (path, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_output_stream_write_all (hp_output_file_get_stream (file), "a", 1, NULL, NULL, NULL));
  g_assert_cmpint (mkfifo (path, 0600), ==, 0);
  g_assert_false (hp_output_file_commit (file, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE);
  g_clear_pointer (&file, hp_output_file_free);
  g_assert_cmpint (g_lstat (path, &st), ==, 0);
  g_assert_true (S_ISFIFO (st.st_mode));
  g_assert_cmpuint (count_entries (dir), ==, 1);
  hp_test_remove_tree (dir);
}

static void
test_escape_text (void)
{
  static const struct
  {
    const char *in;
    const char *out;
  } cases[] = {
    { "plain", "plain" },
    { "aten::mm", "aten::mm" },
    { "é ü 日本", "é ü 日本" },
    { "a\033[2Jb", "a\\x1b[2Jb" },
    { "t\tn\nr\r", "t\\tn\\nr\\r" },
    { "del\x7f", "del\\x7f" },
    { "c1\xc2\x9b", "c1\\u009b" },
    { "bad\xff\xfe", "bad\\xff\\xfe" },
    { "cut\xe6\x97", "cut\\xe6\\x97" },
    { "back\\slash", "back\\slash" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *out = hp_output_escape_text (cases[i].in, -1);

      g_assert_cmpstr (out, ==, cases[i].out);
      g_assert_true (hp_output_text_is_safe (out, -1));
      g_assert_cmpint (hp_output_text_is_safe (cases[i].in, -1), ==, strcmp (cases[i].in, cases[i].out) == 0);
    }
  {
    g_autofree char *nul = hp_output_escape_text ("a\0b", 3);

    g_assert_cmpstr (nul, ==, "a\\x00b");
  }
}

static void
test_json_valid (void)
{
  g_autoptr (JsonNode) node = json_node_new (JSON_NODE_VALUE);
  g_autofree char *text = NULL;

  /* json-glib keeps a string's bytes; the output must not */
  json_node_set_string (node, "rank-\xff.json");
  text = hp_output_json_to_string (node, FALSE);
  g_assert_true (g_utf8_validate (text, -1, NULL));
  g_assert_cmpstr (text, ==, "\"rank-\xef\xbf\xbd.json\"");
}

static void
test_csv_formulas (void)
{
  g_autoptr (HpTable) table = hp_table_new ("t", "T");
  g_autofree char         *safe = NULL;
  g_autofree char         *compat = NULL;
  static const char *const texts[] = { "=1+2", "+cmd", "-2+3", "@SUM(A1)", "\tx", "\rx", "-5", "+1.5e3",
                                       "-", "+", "ok", "a=b", "", "-1e" };
  static const gboolean    escaped[] = { TRUE, TRUE, TRUE, TRUE, TRUE, TRUE, FALSE,
                                         FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, TRUE };
  g_auto (GStrv) lines = NULL;

  hp_table_add_column (table, "name", HP_COLUMN_STRING, NULL);
  hp_table_add_column (table, "n", HP_COLUMN_INT, NULL);
  hp_table_add_column (table, "x", HP_COLUMN_DOUBLE, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      guint row = hp_table_append_row (table);

      hp_table_set_string (table, row, 0, texts[i]);
      hp_table_set_int (table, row, 1, -5);
      hp_table_set_double (table, row, 2, -2.5);
    }
  safe = hp_table_to_csv (table);
  compat = hp_table_to_csv_full (table, HP_CSV_HTA_COMPAT);
  lines = g_strsplit (safe, "\n", -1);
  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      const char *line = lines[i + 1];

      g_assert_cmpint (line[0] == '\'' || g_str_has_prefix (line, "\"'"), ==, escaped[i]);
      /* numbers are never touched */
      g_assert_true (g_str_has_suffix (line, ",-5,-2.5"));
    }
  g_assert_null (strstr (compat, "'"));
  g_assert_nonnull (strstr (compat, "\n=1+2,-5,-2.5\n"));
  g_assert_nonnull (strstr (safe, "\n'=1+2,-5,-2.5\n"));
  g_assert_nonnull (strstr (safe, "\n'\tx,-5,-2.5\n"));
  g_assert_nonnull (strstr (safe, "\n\"'\rx\",-5,-2.5\n"));
}

static void
test_text_table_controls (void)
{
  g_autoptr (HpTable) table = hp_table_new ("t", "Kernels of a\033[31mb");
  g_autofree char *text = NULL;
  guint            row;

  hp_table_add_column (table, "name", HP_COLUMN_STRING, NULL);
  row = hp_table_append_row (table);
  hp_table_set_string (table, row, 0, "k\033]0;x\007\xc2\x9b"
                                      "2J");
  text = hp_table_to_text (table, 0);
  for (const char *p = text; *p != '\0'; p++)
    g_assert_true ((guchar)*p >= 0x20 || *p == '\n');
  g_assert_null (strstr (text, "\xc2\x9b"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/output/refuses-special", test_refuses_special);
  g_test_add_func ("/core/output/follows-link-to-regular", test_follows_link_to_regular);
  g_test_add_func ("/core/output/commit-checks-again", test_commit_checks_again);
  g_test_add_func ("/core/output/escape-text", test_escape_text);
  g_test_add_func ("/core/output/json-valid", test_json_valid);
  g_test_add_func ("/core/output/csv-formulas", test_csv_formulas);
  g_test_add_func ("/core/output/text-table-controls", test_text_table_controls);
  return g_test_run ();
}
