{
  "targets": [
    {
      "target_name": "ffdesk_sendfile",
      "sources": ["sendfile.c"],
      "cflags": ["-O2", "-Wall", "-Wextra", "-std=gnu11"],
      "conditions": [["OS!='linux'", {"type": "none"}]]
    }
  ]
}
