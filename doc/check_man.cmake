# cmake -DGROFF=groff -DDOC=<doc dir> -DPAGES=a.3;b.3 -P check_man.cmake
# Renders each page as man(1) would (groff -man -Tutf8) with every warning
# enabled (-ww) and fails on any message at all.  Not -z: groff reports
# unknown special characters only while producing output.
cmake_policy(VERSION 3.16)
set(failed)
# Every page in doc/man3 is listed (and so installed and checked).
file(GLOB present RELATIVE ${DOC}/man3 ${DOC}/man3/*.3)
foreach(page ${present})
  if(NOT page IN_LIST PAGES)
    message("${page}: in doc/man3 but not in XPRINTF_MAN_PAGES (doc/CMakeLists.txt)")
    list(APPEND failed ${page})
  endif()
endforeach()
foreach(page ${PAGES})
  # -P-c -P-b -P-o -P-u: plain text, so that the output can be checked too.
  execute_process(COMMAND ${GROFF} -ww -man -Tutf8 -P-c -P-b -P-o -P-u man3/${page}
    WORKING_DIRECTORY ${DOC}
    OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0 OR NOT err STREQUAL "")
    message("${page}: groff exit ${rc}\n${err}")
    list(APPEND failed ${page})
  elseif(NOT out MATCHES "\nNAME\n")
    message("${page}: rendered without a NAME section")
    list(APPEND failed ${page})
  endif()
endforeach()
if(failed)
  message(FATAL_ERROR "pages with warnings: ${failed}")
endif()
list(LENGTH PAGES count)
message(STATUS "${count} pages render without warnings")
