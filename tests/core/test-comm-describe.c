/* test-comm-describe.c — each collective described (message, group, bandwidth) and matched across ranks.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "hp-core.h"
#include "hp-test-utils.h"

static GPtrArray *
collectives (HpTrace *trace)
{
  HpAnalysisParams params;
  GPtrArray       *tables;

  hp_analysis_params_init (&params);
  tables = hp_test_run (hp_collectives_compute, trace, &params);
  hp_analysis_params_clear (&params);
  return tables;
}

static const char *
cell_string (HpTable    *table,
             guint       row,
             const char *column)
{
  return hp_table_get_string (table, row, (guint)hp_test_column (table, column));
}

static void
test_helpers (void)
{
  g_assert_cmpstr (hp_comm_normalize_collective ("_allgather_base"), ==, "allgather");
  g_assert_cmpstr (hp_comm_normalize_collective ("all_reduce"), ==, "allreduce");
  g_assert_cmpstr (hp_comm_normalize_collective ("c10d::allreduce_"), ==, "allreduce");
  g_assert_cmpstr (hp_comm_normalize_collective ("_reduce_scatter_base"), ==, "reduce_scatter");
  g_assert_cmpstr (hp_comm_normalize_collective ("ncclKernel_SendRecv_RING_SIMPLE"), ==, "sendrecv");
  g_assert_cmpstr (hp_comm_normalize_collective ("all_to_all_single"), ==, "alltoall");
  g_assert_null (hp_comm_normalize_collective ("gemm"));
  g_assert_null (hp_comm_normalize_collective (NULL));

  g_assert_cmpint (hp_comm_dtype_size ("Float"), ==, 4);
  g_assert_cmpint (hp_comm_dtype_size ("BFloat16"), ==, 2);
  g_assert_cmpint (hp_comm_dtype_size ("c10::Half"), ==, 2);
  g_assert_cmpint (hp_comm_dtype_size ("Long"), ==, 8);
  g_assert_cmpint (hp_comm_dtype_size ("Float8_e4m3fn"), ==, 1);
  g_assert_cmpint (hp_comm_dtype_size ("mystery"), ==, 0);
  g_assert_cmpint (hp_comm_dtype_size (""), ==, 0);

  /* nccl-tests' factors */
  g_assert_cmpfloat (hp_comm_bus_factor ("allreduce", 8), ==, 2.0 * 7 / 8);
  g_assert_cmpfloat (hp_comm_bus_factor ("allgather", 8), ==, 7.0 / 8);
  g_assert_cmpfloat (hp_comm_bus_factor ("reduce_scatter", 4), ==, 3.0 / 4);
  g_assert_cmpfloat (hp_comm_bus_factor ("alltoall", 2), ==, 0.5);
  g_assert_cmpfloat (hp_comm_bus_factor ("broadcast", 8), ==, 1.0);
  g_assert_cmpfloat (hp_comm_bus_factor ("send", -1), ==, 1.0);
  g_assert_true (isnan (hp_comm_bus_factor ("allreduce", -1)));
  g_assert_true (isnan (hp_comm_bus_factor ("mystery", 8)));
  g_assert_cmpfloat (hp_comm_algbw_gbps (1000000, 1000), ==, 1000.0);
  g_assert_true (isnan (hp_comm_algbw_gbps (-1, 1000)));
  g_assert_true (isnan (hp_comm_algbw_gbps (1000, 0)));
}

/* vLLM on eight B200s: the all-gather's kernel args give its message and
 * group; its sequence numbers match it across ranks */
static void
test_b200 (HpTestTraceFixture *fixture,
           gconstpointer       data)
{
  HpTrace *trace = fixture->trace;
  g_autoptr (GPtrArray) tables = collectives (trace);
  HpTable *coll = hp_test_table_at (tables, 0, "collectives");
  HpTable *sizes = hp_test_table_at (tables, 2, "collective_sizes");

  g_assert_cmpuint (hp_table_get_n_rows (coll), ==, 2);
  for (guint row = 0; row < 2; row++)
    {
      g_assert_cmpstr (cell_string (coll, row, "collective"), ==, "allgather");
      /* 2 097 152 bf16 out of 262 144 in */
      g_assert_cmpfloat (hp_test_cell (coll, row, "msg_bytes"), ==, 4194304);
      g_assert_cmpfloat (hp_test_cell (coll, row, "group_size"), ==, 8);
      g_assert_cmpstr (cell_string (coll, row, "group_ranks"), ==, "[0, 1, 2, 3, 4, 5, 6, 7]");
      g_assert_cmpstr (cell_string (coll, row, "match"), ==, "sequence");
      g_assert_cmpfloat (hp_test_cell (coll, row, "ranks"), ==, 8);
      g_assert_cmpfloat (hp_test_cell (coll, row, "late_rank"), ==, 7);
      /* the late rank's 60 us kernel is the transfer */
      hp_test_assert_close (hp_test_cell (coll, row, "algbw(GB/s)"), 4194304 / 60000.0);
      hp_test_assert_close (hp_test_cell (coll, row, "busbw(GB/s)") / hp_test_cell (coll, row, "algbw(GB/s)"),
                            7.0 / 8);
    }
  /* one row per rank; B200's links peak at 900 GB/s */
  g_assert_cmpuint (hp_table_get_n_rows (sizes), ==, 8);
  g_assert_cmpstr (cell_string (sizes, 0, "collective"), ==, "allgather");
  g_assert_cmpfloat (hp_test_cell (sizes, 0, "count"), ==, 2);
  g_assert_cmpfloat (hp_test_cell (sizes, 0, "time(us)"), ==, 200);
  g_assert_cmpfloat (hp_test_cell (sizes, 0, "link_peak(GB/s)"), ==, 900);
  hp_test_assert_close (hp_test_cell (sizes, 0, "busbw_p50(GB/s)"), 4194304 / 100000.0 * 7 / 8);
}

/* RCCL on eight MI300X: ncclDevKernel_Generic is the all-reduce of the
 * record_param_comms op that launched it */
static void
test_mi300x (HpTestTraceFixture *fixture,
             gconstpointer       data)
{
  HpTrace *trace = fixture->trace;
  g_autoptr (GPtrArray) tables = collectives (trace);
  HpTable      *coll = hp_test_table_at (tables, 0, "collectives");
  const HpRank *r = hp_trace_get_rank (trace, 0);
  guint         e = hp_test_find_event (trace, "ncclDevKernel_Generic(ncclDevKernelArgsStorage<4096ul>)");
  HpCommInfo    info;

  hp_comm_describe (trace, r, e, &info);
  g_assert_cmpstr (info.collective, ==, "allreduce");
  g_assert_cmpint (info.source, ==, HP_COMM_SOURCE_LAUNCH);
  g_assert_cmpint (info.msg_bytes, ==, 4194304 * 4);
  g_assert_cmpint (info.group_size, ==, 8);
  g_assert_cmpstr (info.group, ==, "0");
  hp_comm_info_clear (&info);

  g_assert_cmpuint (hp_table_get_n_rows (coll), ==, 2);
  g_assert_cmpstr (cell_string (coll, 0, "collective"), ==, "allreduce");
  g_assert_cmpfloat (hp_test_cell (coll, 0, "msg_bytes"), ==, 16777216);
  g_assert_cmpstr (cell_string (coll, 0, "match"), ==, "order");
  hp_test_assert_close (hp_test_cell (coll, 0, "busbw(GB/s)") / hp_test_cell (coll, 0, "algbw(GB/s)"), 2.0 * 7 / 8);
  /* in HTA-compatibility mode the kernel name keys the collective, and
   * the description stays */
  {
    HpTrace *compat = fixture->compat;
    g_autoptr (GPtrArray) compat_tables = collectives (compat);

    coll = hp_test_table_at (compat_tables, 0, "collectives");
    g_assert_cmpuint (hp_table_get_n_rows (coll), ==, 2);
    g_assert_cmpstr (cell_string (coll, 0, "collective"), ==, "allreduce");
  }
}

/* two ranks whose clocks disagree by 300 us, more than the old fixed
 * 100 us: the offset measured from the collectives' ends pairs them */
static void
test_skewed_clocks (HpTestTraceFixture *fixture,
                    gconstpointer       data)
{
  HpTrace *trace = fixture->trace;
  g_autoptr (GPtrArray) tables = collectives (trace);
  HpTable *coll = hp_test_table_at (tables, 0, "collectives");

  /* three all-reduces a step, two kept steps: each on both ranks */
  g_assert_cmpuint (hp_table_get_n_rows (coll), ==, 6);
  for (guint row = 0; row < 6; row++)
    {
      g_assert_cmpfloat (hp_test_cell (coll, row, "ranks"), ==, 2);
      g_assert_cmpfloat (hp_test_cell (coll, row, "missing_ranks"), ==, 0);
      g_assert_cmpstr (cell_string (coll, row, "match"), ==, "order");
    }
  g_assert_nonnull (hp_table_get_note (coll));
  g_assert_nonnull (strstr (hp_table_get_note (coll), "300.0 us"));
  g_assert_nonnull (strstr (hp_table_get_note (coll), "first rank's clock"));
  /* the times are on rank 0's clock: rank 0 arrived 20 us after rank 1 at
   * the second all-reduce of each step, both together at the others (on
   * their own clocks rank 1 starts 280 to 300 us later) */
  for (guint row = 0; row < 6; row++)
    {
      double skew = hp_test_cell (coll, row, "start_skew(us)");

      g_assert_cmpfloat (skew, ==, row % 3 == 1 ? 20 : 0);
      g_assert_cmpfloat (hp_test_cell (coll, row, "total_wait(us)"), ==, skew);
      if (row % 3 == 1)
        g_assert_cmpfloat (hp_test_cell (coll, row, "late_rank"), ==, 0);
    }
  {
    HpTable *waits = hp_test_table_at (tables, 1, "collective_waits");

    for (guint row = 0; row < hp_table_get_n_rows (waits); row++)
      {
        double offset = hp_test_cell (waits, row, "rank") == 1 ? 300 : 0;

        g_assert_cmpfloat (hp_test_cell (waits, row, "clock_offset(us)"), ==, offset);
        g_assert_cmpfloat (hp_test_cell (waits, row, "wait(us)"), <=, 20);
      }
  }
  /* HTA-compatibility mode pairs on the same clocks, and shows each rank's own */
  {
    HpTrace *compat = fixture->compat;
    g_autoptr (GPtrArray) compat_tables = collectives (compat);

    coll = hp_test_table_at (compat_tables, 0, "collectives");
    g_assert_cmpuint (hp_table_get_n_rows (coll), ==, 6);
    g_assert_cmpfloat (hp_test_cell (coll, 0, "start_skew(us)"), ==, 300);
    g_assert_nonnull (strstr (hp_table_get_note (coll), "each rank's own"));
  }
}

/* Two communicators of two ranks each that only their ids tell apart
 * (pg_id with Seq, Comm Id with seq_num), numbering their collectives
 * alike: each is its own group, matched by sequence number, on both
 * collectives and the critical path across ranks. */
static void
test_communicators (HpTestTraceFixture *fixture,
                    gconstpointer       data)
{
  HpTrace *trace = fixture->trace;
  g_autoptr (GPtrArray) tables = collectives (trace);
  HpTable   *coll = hp_test_table_at (tables, 0, "collectives");
  guint      n_by_group[2] = { 0 };
  HpCommInfo info;

  /* rank 0's first: pg_id 3, Seq 1 */
  hp_comm_describe (trace, hp_trace_get_rank (trace, 0),
                    hp_test_find_event (trace, "ncclDevKernel_AllReduce_Sum_f32_RING_LL(ncclDevComm*, unsigned long, "
                                               "ncclWork*)"),
                    &info);
  g_assert_cmpstr (info.comm_id, ==, "3");
  g_assert_cmpint (info.seq, ==, 1);
  g_assert_cmpstr (info.group, ==, "");
  hp_comm_info_clear (&info);
  /* two kept steps, one all-reduce a step in each communicator */
  g_assert_cmpuint (hp_table_get_n_rows (coll), ==, 4);
  for (guint row = 0; row < 4; row++)
    {
      const char *group = cell_string (coll, row, "group");

      g_assert_true (strcmp (group, "3") == 0 || strcmp (group, "0x7f3a00bb") == 0);
      n_by_group[strcmp (group, "3") == 0]++;
      g_assert_cmpfloat (hp_test_cell (coll, row, "ranks"), ==, 2);
      g_assert_cmpfloat (hp_test_cell (coll, row, "missing_ranks"), ==, 0);
      g_assert_cmpstr (cell_string (coll, row, "match"), ==, "sequence");
      g_assert_cmpfloat (hp_test_cell (coll, row, "start_skew(us)"), ==, 10);
    }
  g_assert_cmpuint (n_by_group[0], ==, 2);
  g_assert_cmpuint (n_by_group[1], ==, 2);

  {
    HpCriticalPathOptions options;
    g_autoptr (GError) error = NULL;
    g_autoptr (HpTable) ranks = NULL;

    hp_critical_path_options_init (&options);
    ranks = hp_critical_path_ranks (trace, &options, NULL, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (hp_table_get_n_rows (ranks), ==, 2);
    g_assert_cmpint (hp_table_get_int (ranks, 0, hp_test_column (ranks, "collectives")), ==, 2);
    g_assert_cmpint (hp_table_get_int (ranks, 0, hp_test_column (ranks, "unmatched_kernels")), ==, 0);
    g_assert_cmpstr (hp_table_get_string (ranks, 0, hp_test_column (ranks, "matched_by")), ==, "sequence 2");
  }
}

/* NCCL kernels of a public trace: SendRecv kernels that an all-to-all op
 * launched are that all-to-all; no message size (the trace predates the
 * args) */
static void
test_public (HpTestTraceFixture *fixture,
             gconstpointer       data)
{
  HpTrace *trace = fixture->trace;
  g_autoptr (GPtrArray) tables = collectives (trace);
  HpTable *coll = hp_test_table_at (tables, 0, "collectives");
  HpTable *sizes = hp_test_table_at (tables, 2, "collective_sizes");

  guint n_alltoall = 0;

  g_assert_cmpuint (hp_table_get_n_rows (coll), >, 0);
  for (guint row = 0; row < hp_table_get_n_rows (coll); row++)
    {
      g_assert_cmpstr (cell_string (coll, row, "collective"), !=, "");
      n_alltoall += strcmp (cell_string (coll, row, "collective"), "alltoall") == 0;
      g_assert_cmpfloat (hp_test_cell (coll, row, "msg_bytes"), ==, -1);
      g_assert_true (isnan (hp_test_cell (coll, row, "busbw(GB/s)")));
    }
  g_assert_cmpuint (n_alltoall, >, 0);
  g_assert_cmpuint (hp_table_get_n_rows (sizes), >=, 2);
}

/* DeepEP's exposed time per step: the part of each kernel no computation
 * kernel overlapped; the run's summary by collective for comparisons */
static void
test_communication (HpTestTraceFixture *fixture,
                    gconstpointer       data)
{
  HpTrace *trace = fixture->trace;
  g_autoptr (GPtrArray) tables = NULL;
  g_autoptr (HpTable) summary = NULL;
  g_autoptr (GError) error = NULL;
  HpAnalysisParams *params = &fixture->params;
  HpTable          *steps, *slow;
  double            time = 0, exposed = 0;
  tables = hp_test_run (hp_communication_compute, trace, params);
  steps = hp_test_table_at (tables, 0, "communication_by_step");
  slow = hp_test_table_at (tables, 1, "communication_slowest");
  /* four DeepEP kernels a step, two kept steps */
  g_assert_cmpuint (hp_table_get_n_rows (steps), ==, 8);
  for (guint row = 0; row < 8; row++)
    {
      time += hp_test_cell (steps, row, "time(us)");
      exposed += hp_test_cell (steps, row, "exposed_time(us)");
    }
  g_assert_cmpfloat (time, ==, 1600);
  /* the GEMM (30–180 us of each step) hides notify_dispatch (40–90) and
   * 80 us of dispatch (100–450) */
  g_assert_cmpfloat (exposed, ==, 1600 - 2 * 130);
  g_assert_cmpuint (hp_table_get_n_rows (slow), ==, 8);
  g_assert_cmpfloat (hp_test_cell (slow, 0, "dur(us)"), ==, 350);

  summary = hp_comm_summary (trace, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (hp_table_get_n_rows (summary), ==, 4);
  g_assert_cmpstr (cell_string (summary, 0, "collective"), ==, "dpsk::ep::internode::cached_notify");
  g_assert_cmpfloat (hp_test_cell (summary, 0, "count"), ==, 2);

  /* none without communication */
  {
    HpTrace *compat = fixture->compat;
    g_autoptr (GError) none = NULL;
    g_autoptr (HpTable) empty = hp_comm_summary (compat, NULL, &none);

    g_assert_null (empty);
    g_assert_error (none, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA);
  }
}

static void
linked_ready (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  GAsyncResult **out = user_data;

  (void)source;
  *out = g_object_ref (result);
}

/* the linked group of a kernel, computed in a worker thread: the same
 * group as in the caller's; nothing for a kernel no collective matched */
static HpLinkedEvents *
linked_async (HpTrace *trace,
              int      rank,
              guint32  event,
              GError **error)
{
  GAsyncResult   *result = NULL;
  HpLinkedEvents *linked;

  hp_linked_events_for_comm_kernel_async (trace, rank, event, NULL, linked_ready, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  linked = hp_linked_events_for_comm_kernel_finish (result, error);
  g_object_unref (result);
  return linked;
}

/* a slowest kernel of a multi-rank job stands for its collective on every
 * rank: the timeline's linked group */
static void
test_slowest_linked (HpTestTraceFixture *fixture,
                     gconstpointer       data)
{
  HpTrace *trace = fixture->trace;
  g_autoptr (GPtrArray) tables = NULL;
  g_autoptr (HpLinkedEvents) linked = NULL;
  HpAnalysisParams *params = &fixture->params;
  HpTable          *slow;
  tables = hp_test_run (hp_communication_compute, trace, params);
  slow = hp_test_table_at (tables, 1, "communication_slowest");
  linked = hp_analysis_row_events (trace, slow, 0, params);
  g_assert_nonnull (linked);
  g_assert_cmpint (linked->rank, ==, (int)hp_test_cell (slow, 0, "rank"));
  g_assert_nonnull (linked->others);
  g_assert_cmpuint (linked->others->len, ==, 7);

  /* a kernel selected on the timeline: the same group */
  {
    const HpRank *r7 = hp_trace_find_rank (trace, 7);
    guint         e = linked->others->len > 0 ? g_array_index (linked->others, HpLinkedEvent, 6).event : 0;
    g_autoptr (HpLinkedEvents) group = hp_linked_events_for_comm_kernel (trace, 7, e);

    g_assert_cmpint (g_array_index (linked->others, HpLinkedEvent, 6).rank, ==, 7);
    g_assert_nonnull (group);
    g_assert_cmpint (group->rank, ==, 7);
    g_assert_cmpuint (g_array_index (group->events, guint32, 0), ==, e);
    g_assert_cmpuint (group->others->len, ==, 7);
    g_assert_null (hp_linked_events_for_comm_kernel (trace, 99, 0));
    g_assert_null (hp_linked_events_for_comm_kernel (trace, 7, r7->n_events));

    /* the same off the caller's thread */
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (HpLinkedEvents) async = linked_async (trace, 7, e, &error);
      g_autoptr (HpLinkedEvents) none = NULL;

      g_assert_no_error (error);
      g_assert_nonnull (async);
      g_assert_cmpint (async->rank, ==, 7);
      g_assert_cmpuint (g_array_index (async->events, guint32, 0), ==, e);
      g_assert_cmpuint (async->others->len, ==, 7);
      none = linked_async (trace, 99, 0, &error);
      g_assert_null (none);
      g_assert_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA);
    }
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/comm-describe/helpers", test_helpers);
  hp_test_add_trace ("/core/comm-describe/b200", "edge/comm-b200", hp_test_trace_setup_default, test_b200);
  hp_test_add_trace ("/core/comm-describe/mi300x", "edge/comm-mi300x", hp_test_trace_setup, test_mi300x);
  hp_test_add_trace ("/core/comm-describe/skewed-clocks", "edge/comm-skew", hp_test_trace_setup, test_skewed_clocks);
  hp_test_add_trace ("/core/comm-describe/communicators", "comm/communicators", hp_test_trace_setup_default,
                     test_communicators);
  hp_test_add_trace ("/core/comm-describe/public", "hta_trace_filter_2ranks", hp_test_trace_setup_default, test_public);
  hp_test_add_trace ("/core/comm-describe/communication", "edge/comm-deepep", hp_test_trace_setup, test_communication);
  hp_test_add_trace ("/core/comm-describe/slowest-linked", "edge/comm-b200", hp_test_trace_setup_default,
                     test_slowest_linked);

  return g_test_run ();
}
