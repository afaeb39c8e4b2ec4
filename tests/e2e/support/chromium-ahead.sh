#!/bin/sh
# Chromium at a higher priority than the rest of the run (nice -5, inherited by every process it starts):
# the camera scan's browsers (scan-browser.ts), whose fake camera must keep its pace while the other tests
# run beside them. Without the right to raise a priority (not root), nice says so and runs it as it is.
exec nice -n -5 "${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}" "$@"
