#!/bin/sh
# Registers the polkit action so pkexec's prompt names DL Setup (installed by the .deb).
set -e
install -D -m 0644 "/opt/DL Setup/resources/org.dlsetup.desktop.policy" /usr/share/polkit-1/actions/org.dlsetup.desktop.policy
