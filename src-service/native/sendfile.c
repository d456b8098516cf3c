/*
 * Sends a file range to a TCP socket with sendfile(2), on a thread of its own, so the bytes go
 * from the page cache to the socket without passing through user space (docs/performance.md,
 * "Downloads"). Linux only; everywhere else, and when this module was not built, the service
 * sends through buffers (src-service/storage/send-range.ts).
 *
 * The caller has already written the response's headers through node:http and waited for them
 * to reach the kernel; nothing else writes to the socket until the completion callback runs.
 * Both descriptors are duplicated here, so node closing its own (a client gone, a stop) can never
 * make this thread write into a descriptor number that was reused for something else: the dups
 * keep the same socket and file open until the thread ends. A cancel (eventfd) wakes a thread
 * waiting for the socket to take more.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <node_api.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/sendfile.h>
#include <unistd.h>

/* One sendfile call moves at most this much, so a cancel is seen between calls. */
#define CHUNK_BYTES (8 * 1024 * 1024)

typedef struct {
  int sock;
  int file;
  int wake;
  int64_t offset;
  int64_t remaining;
  int64_t sent;
  int err;
  atomic_int cancelled;
  napi_threadsafe_function done;
} transfer_t;

static void *run(void *arg) {
  transfer_t *t = arg;
  while (t->remaining > 0) {
    if (atomic_load(&t->cancelled)) {
      t->err = ECANCELED;
      break;
    }
    off_t offset = (off_t)t->offset;
    size_t want = t->remaining < CHUNK_BYTES ? (size_t)t->remaining : CHUNK_BYTES;
    ssize_t n = sendfile(t->sock, t->file, &offset, want);
    if (n > 0) {
      t->offset += n;
      t->remaining -= n;
      t->sent += n;
      continue;
    }
    if (n == 0) {
      t->err = ENODATA; /* the file ended before its stated size */
      break;
    }
    if (errno == EINTR) continue;
    if (errno != EAGAIN) {
      t->err = errno;
      break;
    }
    struct pollfd fds[2] = {{.fd = t->sock, .events = POLLOUT}, {.fd = t->wake, .events = POLLIN}};
    /* No deadline of its own, like the buffered path: a client that stops reading holds its
       connection until it goes away or the service closes it (then a cancel wakes this). */
    int ready = poll(fds, 2, -1);
    if (ready < 0 && errno != EINTR) {
      t->err = errno;
      break;
    }
  }
  close(t->sock);
  close(t->file);
  napi_call_threadsafe_function(t->done, t, napi_tsfn_blocking);
  return NULL;
}

/* On the JS thread, once the transfer thread has ended: callback(errno or 0, bytes sent). */
static void finish(napi_env env, napi_value callback, void *context, void *data) {
  (void)context;
  transfer_t *t = data;
  if (env != NULL) {
    napi_value argv[2], global;
    napi_create_int32(env, t->err, &argv[0]);
    napi_create_double(env, (double)t->sent, &argv[1]);
    napi_get_global(env, &global);
    napi_call_function(env, global, callback, 2, argv, NULL);
  }
  napi_release_threadsafe_function(t->done, napi_tsfn_release);
  close(t->wake);
  free(t);
}

static napi_value fail(napi_env env, const char *message) {
  napi_throw_error(env, NULL, message);
  return NULL;
}

/* start(socketFd, fileFd, offset, length, callback) -> handle for cancel() */
static napi_value start(napi_env env, napi_callback_info info) {
  size_t argc = 5;
  napi_value argv[5];
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  if (argc < 5) return fail(env, "start(socketFd, fileFd, offset, length, callback)");
  int32_t sock, file;
  int64_t offset, length;
  if (napi_get_value_int32(env, argv[0], &sock) != napi_ok || napi_get_value_int32(env, argv[1], &file) != napi_ok ||
      napi_get_value_int64(env, argv[2], &offset) != napi_ok || napi_get_value_int64(env, argv[3], &length) != napi_ok ||
      sock < 0 || file < 0 || offset < 0 || length < 0)
    return fail(env, "start: bad arguments");
  transfer_t *t = calloc(1, sizeof *t);
  if (t == NULL) return fail(env, "start: out of memory");
  t->offset = offset;
  t->remaining = length;
  t->sock = fcntl(sock, F_DUPFD_CLOEXEC, 0);
  t->file = fcntl(file, F_DUPFD_CLOEXEC, 0);
  t->wake = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  napi_value name;
  napi_create_string_utf8(env, "ffdesk-sendfile", NAPI_AUTO_LENGTH, &name);
  if (t->sock < 0 || t->file < 0 || t->wake < 0 ||
      napi_create_threadsafe_function(env, argv[4], NULL, name, 0, 1, NULL, NULL, NULL, finish, &t->done) != napi_ok) {
    int err = errno;
    if (t->sock >= 0) close(t->sock);
    if (t->file >= 0) close(t->file);
    if (t->wake >= 0) close(t->wake);
    free(t);
    napi_throw_error(env, NULL, strerror(err));
    return NULL;
  }
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
  pthread_attr_setstacksize(&attr, 64 * 1024);
  pthread_t thread;
  int rc = pthread_create(&thread, &attr, run, t);
  pthread_attr_destroy(&attr);
  if (rc != 0) {
    napi_release_threadsafe_function(t->done, napi_tsfn_abort);
    close(t->sock);
    close(t->file);
    close(t->wake);
    free(t);
    napi_throw_error(env, NULL, strerror(rc));
    return NULL;
  }
  napi_value handle;
  napi_create_external(env, t, NULL, NULL, &handle); /* freed by finish(), not by the GC */
  return handle;
}

/* cancel(handle): only valid before the callback ran (the caller drops the handle then). */
static napi_value cancel(napi_env env, napi_callback_info info) {
  size_t argc = 1;
  napi_value argv[1];
  void *data = NULL;
  napi_get_cb_info(env, info, &argc, argv, NULL, NULL);
  if (argc < 1 || napi_get_value_external(env, argv[0], &data) != napi_ok) return fail(env, "cancel(handle)");
  transfer_t *t = data;
  atomic_store(&t->cancelled, 1);
  uint64_t one = 1;
  ssize_t ignored = write(t->wake, &one, sizeof one);
  (void)ignored;
  return NULL;
}

NAPI_MODULE_INIT() {
  /* sendfile to a socket the peer closed raises SIGPIPE; node ignores it, a host that does not cannot use this. */
  struct sigaction current;
  bool usable = sigaction(SIGPIPE, NULL, &current) == 0 && current.sa_handler == SIG_IGN;
  napi_value fn, flag;
  napi_create_function(env, "start", NAPI_AUTO_LENGTH, start, NULL, &fn);
  napi_set_named_property(env, exports, "start", fn);
  napi_create_function(env, "cancel", NAPI_AUTO_LENGTH, cancel, NULL, &fn);
  napi_set_named_property(env, exports, "cancel", fn);
  napi_get_boolean(env, usable, &flag);
  napi_set_named_property(env, exports, "usable", flag);
  return exports;
}
