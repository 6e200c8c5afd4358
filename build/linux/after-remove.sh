#!/bin/sh
# Removes only what after-install.sh added.
rm -f /usr/share/polkit-1/actions/org.dlsetup.desktop.policy
