-- wrk script for docs/performance.md: POST /api/analyze on a fixed Nim position.
--   wrk -t2 -c16 -d10s --latency -s apps/server/wrk_analyze.lua http://127.0.0.1:PORT
wrk.method = "POST"
wrk.path = "/api/analyze"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"rules":"nim","misere":false,"heaps":[3,4,5,17,29,1000000007]}'

-- Counts answers that are not 200, which wrk's "Non-2xx" line reports as well.
done = function(summary, latency, requests)
  io.write(string.format("errors: connect %d, read %d, write %d, status %d, timeout %d\n",
    summary.errors.connect, summary.errors.read, summary.errors.write,
    summary.errors.status, summary.errors.timeout))
end
