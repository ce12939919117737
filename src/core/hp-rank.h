/* hp-rank.h — one rank of a job: its events as columns, lanes and links.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include <json-glib/json-glib.h>

#include "hp-column.h"

G_BEGIN_DECLS

/* Time inside Hotpath is int64 nanoseconds (docs/trace-format.md §6); tables show us. */
#define HP_NS_PER_US 1000

/* "no value" for the integer columns (HTA's −1 default) */
#define HP_NONE (-1)

/**
 * HpEventKind:
 *
 * What an event is, from its category (docs/trace-format.md §4.1, §7).
 */
typedef enum
{
  HP_EVENT_KIND_OTHER = 0,       /* any other host-side category */
  HP_EVENT_KIND_CPU_OP,          /* cpu_op, Operator */
  HP_EVENT_KIND_USER_ANNOTATION, /* user_annotation */
  HP_EVENT_KIND_PYTHON,          /* python_function */
  HP_EVENT_KIND_RUNTIME,         /* cuda_runtime, cuda_driver, mtia_runtime, Runtime */
  HP_EVENT_KIND_KERNEL,          /* kernel, Kernel, mtia_ccp_events */
  HP_EVENT_KIND_MEMCPY,          /* gpu_memcpy, Memcpy */
  HP_EVENT_KIND_MEMSET,          /* gpu_memset, Memset */
  HP_EVENT_KIND_SYNC,            /* cuda_sync */
  HP_EVENT_KIND_GPU_ANNOTATION,  /* gpu_user_annotation */
  HP_EVENT_KIND_PROFILER_RANGE,  /* cuda_profiler_range */
  HP_EVENT_KIND_INSTANT,         /* ph i/I: shown, never measured */
} HpEventKind;

/**
 * HpKernelClass:
 *
 * COMMUNICATION / MEMORY / COMPUTATION / OTHER (docs/trace-format.md §12). The trace's
 * mode decides the rules: HTA's name regexes in HTA-compatibility mode,
 * category first in the default mode.
 */
typedef enum
{
  HP_KERNEL_CLASS_COMPUTATION = 0,
  HP_KERNEL_CLASS_COMMUNICATION,
  HP_KERNEL_CLASS_MEMORY,
  HP_KERNEL_CLASS_OTHER,
  HP_N_KERNEL_CLASSES
} HpKernelClass;

/**
 * HpEventFlags:
 * @HP_EVENT_MEASURED: kept by the keep rule (has dur and cat, cat != Trace,
 *   and in the default mode a sane duration): analyses may use it
 * @HP_EVENT_G1: "GPU event" for the analyses HTA runs on `stream != -1`
 * @HP_EVENT_G2: "GPU event" of the kernel filter (correlation, last-step filter)
 * @HP_EVENT_G3: "GPU event" for iterations and call stacks (`stream > 0`)
 * @HP_EVENT_G4: "GPU event" of the idle-time breakdown
 * @HP_EVENT_STEP: a `ProfilerStep#N` range
 * @HP_EVENT_POISONED: dropped from analyses in the default mode (negative
 *   or huge duration); still listed for the details pane
 *
 * The four GPU definitions of docs/trace-format.md §7. In HTA-compatibility mode they are
 * HTA's own (stream tests); in the default mode all four mean "GPU activity"
 * (kernel, memcpy, memset; G2 adds cuda_sync), so analyses written against
 * the flags are right in both modes.
 */
typedef enum
{
  HP_EVENT_MEASURED = 1 << 0,
  HP_EVENT_G1 = 1 << 1,
  HP_EVENT_G2 = 1 << 2,
  HP_EVENT_G3 = 1 << 3,
  HP_EVENT_G4 = 1 << 4,
  HP_EVENT_STEP = 1 << 5,
  HP_EVENT_POISONED = 1 << 6,
} HpEventFlags;

/**
 * HpLane:
 *
 * One timeline row: a CPU thread (pid, tid) or a GPU stream (device, stream).
 * @events lists the lane's events ordered by (depth, ts); the events of depth
 * d are `events[depth_start[d] .. depth_start[d + 1])`. Events of one depth
 * never overlap, so both their starts and their ends are sorted.
 */
typedef struct
{
  gint64   pid;
  gint64   tid;
  guint32  name;   /* string id of thread_name / "stream N", or HP_NO_STRING */
  gboolean is_gpu; /* holds GPU activity */
  guint    n_events;
  guint32 *events;
  guint    max_depth; /* deepest depth + 1 */
  guint32 *depth_start;
  gint64   sort_index;
} HpLane;

/**
 * HpRank:
 *
 * The events of one rank, as columns (struct of arrays, `n_events` long, in
 * file order). Read-only after load: read the arrays directly, and the
 * narrow columns (#HpColumn32, #HpColumn16: durations, streams, correlation
 * ids, steps, lanes) through hp_rank_dur() and its siblings.
 *
 * `rows` is the analysis row list: the events HTA's loaded table holds, in
 * HTA's row order (docs/trace-format.md §11: kept GPU rows, then kept CPU rows). In
 * HTA-compatibility mode a row may repeat (HTA duplicates kernels whose
 * correlation matches two CPU events, docs/trace-format.md §8); in the default mode it
 * never does. Analyses iterate `rows`, the timeline iterates `lanes`.
 */
/**
 * HpRankSource:
 *
 * Where a file's rank number came from (spec TF §2 "Better").
 */
typedef enum
{
  HP_RANK_FROM_METADATA,  /* distributedInfo.rank */
  HP_RANK_FROM_FILE_NAME, /* rank-3, worker_3... */
  HP_RANK_FROM_ORDER,     /* the next free number, by sorted file name */
} HpRankSource;

typedef struct _HpRank
{
  int       rank;
  char     *path; /* the file, as given */
  char     *basename;
  guint64   file_bytes; /* on disk */
  guint64   json_bytes; /* uncompressed */
  gboolean  compressed;
  char     *device_type;   /* "NVIDIA GPU", "AMD GPU", "MTIA", "UNKNOWN GPU" */
  JsonNode *metadata;      /* top-level members other than traceEvents */
  gboolean  fractional_ts; /* at least one ts was not an integer (docs/trace-format.md §6) */
  gint64    base_time_ns;  /* baseTimeNanoseconds, or 0 */
  gboolean  has_base_time;

  guint      n_events;
  guint32   *index;          /* position in the file's traceEvents array */
  gint64    *ts;             /* ns, aligned to the job's first event (docs/trace-format.md §10) */
  HpColumn32 dur;            /* ns; 0 for instants (hp_rank_dur()) */
  guint32   *name;           /* string id */
  guint32   *cat;            /* string id, HP_NO_STRING when absent */
  guint8    *kind;           /* HpEventKind */
  guint8    *kclass;         /* HpKernelClass, by the trace's mode */
  guint8    *flags;          /* HpEventFlags */
  HpColumn16 stream;         /* args.stream normalised by the mode (docs/trace-format.md §5.1),
                              * or -1 (hp_rank_stream()) */
  HpColumn32 correlation;    /* args.correlation, or -1 (hp_rank_correlation()) */
  gint32    *partner;        /* CPU launch <-> GPU event link (event position), or -1;
                              * a graph launch points at its last kernel (docs/trace-format.md §8) */
  HpColumn16 iteration;      /* launch iteration (docs/trace-format.md §9), or -1
                              * (hp_rank_iteration()) */
  HpColumn16 exec_iteration; /* the step the event runs in on its own clock, or -1 */
  gint32    *parent;         /* enclosing event on the same lane, or -1 */
  guint16   *depth;          /* nesting depth on its lane */
  HpColumn16 lane;           /* index into lanes (hp_rank_lane()); an event's pid and tid
                              * are its lane's */
  guint32 *args_at;          /* low 32 bits of the offset into args (hp_rank_args_iter_init()) */
  guint32 *args_at_high;     /* events at which the offsets pass another 4 GiB, ascending;
                              * NULL for an args store under 4 GiB */
  guint n_args_at_high;

  /* all GPU events of each CPU launch (graph launches have many), for the
   * launches that started any: read them with hp_rank_get_launched() */
  guint32 *launch_event; /* the launches, ascending */
  guint32 *launch_first; /* n_launches + 1: their lists in launch_gpu */
  guint32 *launch_gpu;
  guint    n_launches;

  guint8            *args; /* the compact args store */
  gsize              args_len;
  struct _HpStrings *arg_keys; /* the rank's arg key names */

  guint32 *rows;
  guint    n_rows;

  HpLane *lanes;
  guint   n_lanes;

  gint32 *iterations; /* distinct iterations of rows, ascending */
  guint   n_iterations;

  /* per rank diagnostics, counts of events by what happened to them */
  guint64      n_json_events;    /* elements of traceEvents */
  guint64      n_dropped_no_dur; /* no dur or no cat, or cat Trace */
  guint64      n_negative_dur;
  guint64      n_huge_dur;
  guint64      n_bad_stream; /* non-numeric or out-of-range stream */
  guint64      n_filtered;   /* measured events not in rows (last-step filter) */
  guint64      n_bad_values; /* wrong-typed or out-of-range ts/dur/pid/tid */
  guint64      n_invalid_utf8;
  guint64      n_metadata_events, n_flow_events, n_counter_events, n_instant_events;
  guint64      n_out_of_window;     /* start before 1970, or start or end after 2200 */
  guint64      n_long_strings;      /* cut to HpLoadLimits.max_string_bytes */
  guint64      n_metadata_dropped;  /* values of kept metadata past HpLoadLimits.max_metadata_bytes */
  guint        n_gzip_members;      /* gzip members read (0: not compressed) */
  guint64      gzip_trailing_bytes; /* ignored bytes after the last gzip member */
  gint64       file_mtime_us;       /* the file's modification time when loaded, or 0 */
  guint64      file_checksum;       /* of the file's bytes the load read */
  HpRankSource rank_source;
} HpRank;

/* A `tid` written as a string ("stream 7" in traces from 2021) is kept as
 * HP_TID_STRING_BASE minus the string's id in the trace's strings, so
 * events keep their own thread or stream and tables can show the text. */
#define HP_TID_STRING_BASE (-(G_GINT64_CONSTANT (1) << 40))

static inline gboolean
hp_tid_is_string (gint64 tid)
{
  return tid <= HP_TID_STRING_BASE;
}

static inline guint32
hp_tid_string_id (gint64 tid)
{
  return (guint32)(HP_TID_STRING_BASE - tid);
}

/* Typed accessors for the args the analyses use (docs/trace-format.md §5). */
typedef enum
{
  HP_ARG_INT,
  HP_ARG_DOUBLE,
  HP_ARG_STRING,
  HP_ARG_TRUE,
  HP_ARG_FALSE,
  HP_ARG_NULL,
  HP_ARG_JSON,   /* an array or object, as compact JSON text */
  HP_ARG_NUMBER, /* a number that fits no C type, as its JSON text */
} HpArgType;

typedef struct
{
  guint32     key; /* string id */
  HpArgType   type;
  gint64      i;
  double      d;
  const char *s; /* not NUL-terminated: s_len bytes (STRING, JSON, NUMBER) */
  gsize       s_len;
} HpArgValue;

typedef struct
{
  const guint8 *p;
  const guint8 *end;
  guint         left;
  const guint8 *start; /* of the args store: a repeated value points back into it */
} HpArgIter;

gboolean hp_rank_args_iter_init (const HpRank *self,
                                 guint         event,
                                 HpArgIter    *iter);
gboolean hp_rank_args_iter_next (HpArgIter  *iter,
                                 HpArgValue *value);
gboolean hp_rank_get_arg (const HpRank *self,
                          guint         event,
                          guint32       key,
                          HpArgValue   *value);
gint64   hp_rank_get_arg_int (const HpRank *self,
                              guint         event,
                              guint32       key,
                              gint64        default_value);
double   hp_rank_get_arg_double (const HpRank *self,
                                 guint         event,
                                 guint32       key,
                                 double        default_value);
char    *hp_arg_value_to_string (const HpArgValue *value);

static inline guint
hp_rank_lane (const HpRank *self,
              guint         event)
{
  return (guint)hp_column16_get (&self->lane, event);
}

/* An event's pid and tid: its lane's. The lane is keyed by them, so the
 * model keeps them once per lane rather than 16 bytes per event. */
static inline gint64
hp_rank_pid (const HpRank *self,
             guint         event)
{
  return self->lanes[hp_rank_lane (self, event)].pid;
}

static inline gint64
hp_rank_tid (const HpRank *self,
             guint         event)
{
  return self->lanes[hp_rank_lane (self, event)].tid;
}

/* The narrow columns (hp-column.h), read exactly whatever the value */
static inline gint64
hp_rank_dur (const HpRank *self,
             guint         event)
{
  return hp_column32_get (&self->dur, event);
}

static inline gint64
hp_rank_stream (const HpRank *self,
                guint         event)
{
  return hp_column16_get (&self->stream, event);
}

static inline gint64
hp_rank_correlation (const HpRank *self,
                     guint         event)
{
  return hp_column32_get (&self->correlation, event);
}

static inline gint64
hp_rank_iteration (const HpRank *self,
                   guint         event)
{
  return hp_column16_get (&self->iteration, event);
}

static inline gint64
hp_rank_exec_iteration (const HpRank *self,
                        guint         event)
{
  return hp_column16_get (&self->exec_iteration, event);
}

static inline gint64
hp_rank_end (const HpRank *self,
             guint         event)
{
  return self->ts[event] + hp_rank_dur (self, event);
}

const guint32 *hp_rank_get_launched (const HpRank *self,
                                     guint         event,
                                     guint        *n_launched);

guint32     hp_rank_lookup_arg_key (const HpRank *self,
                                    const char   *key);
const char *hp_rank_get_arg_key_name (const HpRank *self,
                                      guint32       key);

guint hp_lane_first_ending_after (const HpRank *self,
                                  const HpLane *lane,
                                  guint         depth,
                                  gint64        t);

G_END_DECLS
