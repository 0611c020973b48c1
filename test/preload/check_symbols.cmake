# cmake -DNM=nm -DFILE=f -DKIND=undefined|exactly -DNAMES=a;b -P check_symbols.cmake
cmake_policy(VERSION 3.16)
#   undefined: FILE's dynamic symbol table references every name in NAMES
#   exactly:   FILE defines (exports) the names in NAMES and no other
if(KIND STREQUAL "undefined")
  execute_process(COMMAND ${NM} -D --undefined-only ${FILE}
    OUTPUT_VARIABLE out RESULT_VARIABLE rc)
else()
  execute_process(COMMAND ${NM} -D --defined-only ${FILE}
    OUTPUT_VARIABLE out RESULT_VARIABLE rc)
endif()
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${NM} failed on ${FILE}")
endif()

# One symbol name per line, versions (@GLIBC_2.3.4) cut off.
string(REGEX REPLACE "[^\n]* ([^ \n@]+)(@[^\n]*)?\n" "\\1;" found "${out}")
set(missing)
foreach(n ${NAMES})
  if(NOT n IN_LIST found)
    list(APPEND missing ${n})
  endif()
endforeach()
if(missing)
  message(FATAL_ERROR "${FILE}: missing ${missing}\nnm says:\n${out}")
endif()
if(KIND STREQUAL "exactly")
  set(extra)
  foreach(n ${found})
    if(NOT n IN_LIST NAMES)
      list(APPEND extra ${n})
    endif()
  endforeach()
  if(extra)
    message(FATAL_ERROR "${FILE} exports more than it should: ${extra}")
  endif()
endif()
list(LENGTH NAMES count)
message(STATUS "${FILE}: all ${count} names as expected")
