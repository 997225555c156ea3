#include "event_loop.h"

#include <stdlib.h>

typedef struct {
    int64_t time;
    uint64_t order;
} cevent_entry;

static int cevent_less(const cevent_entry *a, const cevent_entry *b) {
    return a->time < b->time || (a->time == b->time && a->order < b->order);
}

static void cevent_push(cevent_entry *heap, int64_t *count, cevent_entry entry) {
    int64_t child = (*count)++;
    while (child > 0) {
        int64_t parent = (child - 1) >> 1;
        if (!cevent_less(&entry, &heap[parent])) break;
        heap[child] = heap[parent];
        child = parent;
    }
    heap[child] = entry;
}

static cevent_entry cevent_pop(cevent_entry *heap, int64_t *count) {
    cevent_entry first = heap[0];
    cevent_entry last = heap[--(*count)];
    int64_t parent = 0;
    for (;;) {
        int64_t child = 2 * parent + 1;
        if (child >= *count) break;
        if (child + 1 < *count && cevent_less(&heap[child + 1], &heap[child])) child++;
        if (!cevent_less(&heap[child], &last)) break;
        heap[parent] = heap[child];
        parent = child;
    }
    if (*count > 0) heap[parent] = last;
    return first;
}

uint64_t cevent_loop_run(int32_t actors, int64_t events) {
    cevent_entry *heap = malloc(sizeof(cevent_entry) * (size_t)(actors + 1));
    int64_t count = 0;
    uint64_t sequence = 0;
    uint64_t random = 0x9E3779B97F4A7C15ULL;
    uint64_t checksum = 0;
    for (int32_t actor = 0; actor < actors; actor++) {
        cevent_entry entry = {0, (sequence++ << 24) | (uint64_t)actor};
        cevent_push(heap, &count, entry);
    }
    for (int64_t done = 0; done < events && count > 0; done++) {
        cevent_entry entry = cevent_pop(heap, &count);
        checksum = checksum * 31 + (uint64_t)entry.time;
        random ^= random << 13;
        random ^= random >> 7;
        random ^= random << 17;
        cevent_entry next = {entry.time + 1 + (int64_t)(random & 1023), (sequence++ << 24) | (entry.order & 0xFFFFFF)};
        cevent_push(heap, &count, next);
    }
    free(heap);
    return checksum;
}
