# toolchain-aarch64.cmake - cross-build xprintf for aarch64 and run its tests
# under qemu-user (test/cross/leg.sh aarch64).
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(XPRINTF_CROSS_TRIPLE aarch64-linux-gnu)
set(XPRINTF_CROSS_QEMU qemu-aarch64)
include(${CMAKE_CURRENT_LIST_DIR}/toolchain.cmake)
