/* main.c — starts the Hotpath application.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "hp-core.h"

#include "hp-application.h"
#ifdef HP_TEST_HOOKS
#include "hp-test-hooks.h"
#endif

/* GOption's --help ends in exit() */
static void
close_stdout_at_exit (void)
{
  if (!hp_output_close_stdout ("hotpath"))
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
  return hp_output_close_stdout ("hotpath") ? status : 1;
}
