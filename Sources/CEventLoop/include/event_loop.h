#ifndef CEVENTLOOP_EVENT_LOOP_H
#define CEVENTLOOP_EVENT_LOOP_H

#include <stdint.h>

/// The baseline for the scheduler benchmark: a minimal binary-heap event loop in C.
/// `actors` events are queued at time 0; each event, when it runs, queues its actor again after a
/// pseudo-random delay (xorshift64) of 1 to 1024 ns, until `events` events have run.
/// Returns a checksum of the event times so the work cannot be optimised away.
uint64_t cevent_loop_run(int32_t actors, int64_t events);

#endif
