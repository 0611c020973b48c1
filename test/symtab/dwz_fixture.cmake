# dwz_fixture.cmake - two copies of the inline fixture that share their
# common DWARF through a dwz supplementary file.
# cmake -DDWZ=dwz -DA=libxpinl_dwza.raw.so -DB=libxpinl_dwzb.raw.so -DDIR=... -DROOT=... -P dwz_fixture.cmake
#   DIR/libxpinl_dwza.so  its .gnu_debugaltlink names DIR/xpinl-common.debug,
#                         which exists
#   DIR/libxpinl_dwzb.so  processed apart with a supplementary file whose
#                         recorded path does not exist: found by build ID
#                         in ROOT/.build-id/
# The .raw.so inputs stay as they were: llvm-symbolizer reads those.
foreach(tool READELF)
  if(NOT ${tool})
    string(TOLOWER ${tool} ${tool})
  endif()
endforeach()
file(COPY_FILE "${A}" "${DIR}/libxpinl_dwza.so")
file(COPY_FILE "${B}" "${DIR}/libxpinl_dwzb.so")
file(COPY_FILE "${A}" "${DIR}/dwz-twin-a.so")
file(COPY_FILE "${B}" "${DIR}/dwz-twin-b.so")
# dwz needs at least two files with common DWARF for a supplementary file.
execute_process(COMMAND "${DWZ}" -m "${DIR}/xpinl-common.debug" -M "${DIR}/xpinl-common.debug"
                        "${DIR}/libxpinl_dwza.so" "${DIR}/dwz-twin-b.so" COMMAND_ERROR_IS_FATAL ANY)
execute_process(COMMAND "${DWZ}" -m "${DIR}/xpinl-common2.debug" -M "/nonexistent/xpinl-common2.debug"
                        "${DIR}/libxpinl_dwzb.so" "${DIR}/dwz-twin-a.so" COMMAND_ERROR_IS_FATAL ANY)
execute_process(COMMAND ${READELF} -n "${DIR}/xpinl-common2.debug" OUTPUT_VARIABLE notes COMMAND_ERROR_IS_FATAL ANY)
string(REGEX MATCH "Build ID: ([0-9a-f]+)" _ "${notes}")
set(id "${CMAKE_MATCH_1}")
if(NOT id)
  message(FATAL_ERROR "no build ID in xpinl-common2.debug")
endif()
string(SUBSTRING "${id}" 0 2 head)
string(SUBSTRING "${id}" 2 -1 tail)
file(MAKE_DIRECTORY "${ROOT}/.build-id/${head}")
file(COPY_FILE "${DIR}/xpinl-common2.debug" "${ROOT}/.build-id/${head}/${tail}.debug")
foreach(f "${DIR}/libxpinl_dwza.so" "${DIR}/libxpinl_dwzb.so")
  execute_process(COMMAND ${READELF} -S "${f}" OUTPUT_VARIABLE secs COMMAND_ERROR_IS_FATAL ANY)
  if(NOT secs MATCHES "gnu_debugaltlink")
    message(FATAL_ERROR "dwz left ${f} without a supplementary file")
  endif()
endforeach()
