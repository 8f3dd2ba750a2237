# The page as the browser gets it, written to a folder: its files as written (apps/server/web)
# and its modules bundled into one script (js/app.js, with its source map) by Debian's esbuild,
# so that a first visit fetches one script, not two dozen along their imports. Both packagings
# of the page use it: the server embeds the folder (apps/server), the static site copies it
# (apps/site).
#   nimkit_page(OUT_DIR files_var)   sets files_var to the files written (for DEPENDS)
find_program(NIMKIT_ESBUILD esbuild)
if(NOT NIMKIT_ESBUILD)
  message(FATAL_ERROR "esbuild not found: it bundles the page's modules (Debian package esbuild; "
                      "scripts/setup.sh installs it)")
endif()
set(NIMKIT_WEB_DIR ${CMAKE_CURRENT_LIST_DIR}/../apps/server/web)
# The page's files as written, and those the bundle makes, relative to the page's folder.
set(NIMKIT_PAGE_FILES index.html style.css favicon.svg js/app.js js/app.js.map)

function(nimkit_page out_dir files_var)
  file(GLOB_RECURSE modules CONFIGURE_DEPENDS ${NIMKIT_WEB_DIR}/js/*.js)
  set(files)
  foreach(file index.html style.css favicon.svg)
    add_custom_command(
      OUTPUT ${out_dir}/${file}
      COMMAND ${CMAKE_COMMAND} -E copy ${NIMKIT_WEB_DIR}/${file} ${out_dir}/${file}
      DEPENDS ${NIMKIT_WEB_DIR}/${file}
      VERBATIM)
    list(APPEND files ${out_dir}/${file})
  endforeach()
  add_custom_command(
    OUTPUT ${out_dir}/js/app.js ${out_dir}/js/app.js.map
    COMMAND ${NIMKIT_ESBUILD} ${NIMKIT_WEB_DIR}/js/app.js --bundle --format=esm --minify --sourcemap
            --log-level=warning --outfile=${out_dir}/js/app.js
    DEPENDS ${modules}
    COMMENT "Bundling the page's modules"
    VERBATIM)
  list(APPEND files ${out_dir}/js/app.js ${out_dir}/js/app.js.map)
  set(${files_var} ${files} PARENT_SCOPE)
endfunction()
