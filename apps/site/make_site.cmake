# Finishes the static site in SITE (run by the build in script mode, after the page's files, the
# engine and the icons are in place): the page told to use the engine in a Web Worker and given
# its manifest, and the service worker given the list of the site's files and their version.
#   cmake -DSITE=DIR -DSOURCE=apps/site -DINDEX=apps/server/web/index.html -P make_site.cmake
foreach(var SITE SOURCE INDEX)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "make_site.cmake: ${var} is not set")
  endif()
endforeach()

# The page: the same as nimkit serve's, but for the engine's place and the manifest.
file(READ ${INDEX} page)
set(server_engine [[<meta name="nimkit-engine" content="server">]])
string(FIND "${page}" "${server_engine}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "make_site.cmake: ${INDEX} has no ${server_engine}")
endif()
string(REPLACE "${server_engine}" [[<meta name="nimkit-engine" content="worker">
  <link rel="manifest" href="manifest.webmanifest">
  <meta name="theme-color" content="#1f3a5f">
  <link rel="apple-touch-icon" href="icon-192.png">]] page "${page}")
file(WRITE ${SITE}/index.html "${page}")
configure_file(${SOURCE}/manifest.webmanifest ${SITE}/manifest.webmanifest COPYONLY)

# The files the service worker keeps: everything but itself and the source map (fetched only by
# a browser's developer tools), in a stable order; the version is a hash of their bytes.
file(GLOB_RECURSE files RELATIVE ${SITE} ${SITE}/*)
list(FILTER files EXCLUDE REGEX "(^sw\\.js$|\\.map$)")
list(SORT files)
set(hashes "")
set(listed "\"./\"")
foreach(file IN LISTS files)
  file(SHA256 ${SITE}/${file} hash)
  string(APPEND hashes "${file} ${hash}\n")
  string(APPEND listed ", \"${file}\"")
endforeach()
string(SHA256 version "${hashes}")
string(SUBSTRING ${version} 0 16 NIMKIT_SITE_VERSION)
set(NIMKIT_SITE_FILES "[${listed}]")
configure_file(${SOURCE}/sw.js ${SITE}/sw.js @ONLY)
