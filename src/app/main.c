/* main.c — starts the Hotpath application.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "hp-application.h"
#ifdef HP_TEST_HOOKS
#include "hp-test-hooks.h"
#endif

static gboolean stdout_closed;

/* what --help and --version print must have reached its reader */
static gboolean
close_stdout (void)
{
  int saved_errno = 0;

  if (stdout_closed)
    return TRUE;
  stdout_closed = TRUE;
  errno = 0;
  if (fflush (stdout) != 0 || ferror (stdout))
    saved_errno = errno != 0 ? errno : EIO;
  if (fclose (stdout) != 0 && saved_errno == 0)
    saved_errno = errno != 0 ? errno : EIO;
  if (saved_errno == 0)
    return TRUE;
  fprintf (stderr, "hotpath: cannot write standard output: %s\n", g_strerror (saved_errno));
  return FALSE;
}

/* GOption's --help ends in exit() */
static void
close_stdout_at_exit (void)
{
  if (!close_stdout ())
    _exit (1);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr (HpApplication) app = NULL;
  int status;

  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  atexit (close_stdout_at_exit);

  app = hp_application_new ();
#ifdef HP_TEST_HOOKS
  /* -Dtest_hooks=true: the screenshot script and the start-up benchmark */
  hp_test_hooks_install (app);
#endif
  status = g_application_run (G_APPLICATION (app), argc, argv);
  return close_stdout () ? status : 1;
}
