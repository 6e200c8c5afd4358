/** What the install engine says to people during a run (progress, results, skip reasons, errors), in English. */
export const installTextEn = {
  // Shared pieces: passed as parameters into other sentences of the same locale.
  'list.separator': ', ',
  'system.this': 'this system',
  'note.downloadVerify': 'download {{url}} and check its sha256',
  'disk.full': 'The disk holding {{path}} is full. Free some space and resume.',

  // The runner and the service around it.
  'run.notAPlan': 'This is not a DL Setup plan (no steps).',
  'run.planBlocked': 'The plan cannot be installed: {{reasons}}',
  'run.planBlockedNoReason': 'The plan cannot be installed: it is blocked.',
  'run.badStepId': 'The plan has a missing, duplicate or odd step id ({{id}}).',
  'run.cancelled': 'The install was cancelled.',
  'run.dryRunNothingChanged': 'Dry run: nothing was changed.',
  'run.beforeYouStart': 'Before you start: {{notice}}',
  'run.adminNeeded': 'Administrator access is needed for: {{steps}} (via {{mode}}).',
  'run.restartFirst': 'Restart the computer first; the install continues after the restart.',
  'run.driverDidNotLoad':
    'The NVIDIA driver was installed but did not load after the restart. If Secure Boot is on, the key was probably not enrolled at the blue MOK screen: run `sudo mokutil --import /var/lib/shim-signed/mok/MOK.der`, restart and choose "Enroll MOK".',
  'run.noHelper': 'An elevated step has no helper.',
  'run.networkRetry': 'Network problem ({{reason}}); trying again in {{seconds}} s (attempt {{attempt}} of {{attempts}}).',
  'run.undoingOne': 'Undoing what this step changed (1 change)…',
  'run.undoingMany': 'Undoing what this step changed ({{count}} changes)…',
  'run.undoIncomplete': 'Some changes could not be undone: {{notes}}',
  'service.busy': 'Install {{runId}} is still running; wait for it or cancel it first.',
  'service.nothingToResume': 'There is no earlier install to resume.',
  'service.runNotFound': 'No install run "{{runId}}" was found.',
  'service.resumeDryRun': 'Run {{runId}} was a dry run; start a real install instead.',
  'service.resumeSucceeded': 'Run {{runId}} already finished successfully; there is nothing to resume.',

  // A command that failed, classified.
  'failure.running': 'running {{program}}',
  'failure.diskFull': 'The disk is full while {{what}}. Free some space (at least a few GB) and resume the install.',
  'failure.network': 'The network failed while {{what}}. Check the connection or choose a mirror, then resume.',
  'failure.toolSaid': '{{What}} failed: {{said}}',
  'failure.exited': '{{What}} failed ({{program}} exited with {{code}}).',

  // apt.
  'apt.holderProgram': '{{program}} (process {{pid}})',
  'apt.holderPid': 'process {{pid}}',
  'apt.holderUnknown': 'another program',
  'apt.waitingForLock': 'Waiting for {{who}} to finish installing software (up to {{seconds}} s)…',
  'apt.lockedLog': 'apt is locked by {{who}}; waiting up to {{seconds}} s.',
  'apt.locked': '{{who}} is installing software, so apt is locked. DL Setup waited {{seconds}} s. Let it finish (or close Software Updater), then resume the install.',
  'apt.noPackage': 'apt has no package "{{name}}". The package repository it comes from may be missing (see the plan\'s repository step).',

  // Files DL Setup writes.
  'write.notAllowed': 'DL Setup may not write {{path}}. Choose a place you own.',
  'write.failed': 'Writing {{path}} failed.',
  'artifact.changed': '{{file}} changed after it was verified, so it was not run.',

  // Downloads.
  'download.needsSha': 'A download needs the sha256 it must match.',
  'download.badFileName': '"{{name}}" is not a file name.',
  'download.cancelled': 'The download was cancelled.',
  'download.cancelledKept': 'The download was cancelled; what was already fetched is kept for next time.',
  'download.notFound': '{{url}} does not exist on the server (404). The mirror may be incomplete.',
  'download.failed': 'Downloading {{file}} failed: {{reason}}',
  'download.failedAfterAttempts':
    'Downloading {{file}} failed after {{attempts}} attempts. Check the connection or choose a mirror, then resume; the part already fetched is kept.',
  'download.checksumMismatch': '{{file}} does not match its published sha256, so DL Setup did not use it. The mirror may be corrupt; try another one.',
  'download.proxyRefused': 'The proxy refused the connection ({{status}}).',
  'download.tooManyRedirects': 'Too many redirects.',
  'download.serverAnswered': 'The server answered {{status}}.',
  'download.noData': 'No data for {{seconds}} s.',
  'download.closedAfterOf': 'The connection closed after {{done}} of {{total}} bytes.',
  'download.closedAfter': 'The connection closed after {{done}} bytes.',
  'download.cut': 'The connection was cut.',
  'download.starting': 'Downloading {{url}}',
  'download.progress': 'Downloading {{label}}',
  'download.retry': 'Download interrupted ({{reason}}); retry {{attempt}} in {{seconds}} s, continuing where it stopped.',
  'download.fromCache': '{{label}}: verified copy already in the cache.',
  'download.fetched': '{{label}}: {{bytes}} bytes fetched, sha256 verified.',
  'download.fetchedResumed': '{{label}}: {{bytes}} bytes fetched (resumed at {{offset}}), sha256 verified.',

  // pip's progress.
  'pip.downloading': 'Downloading {{file}}',
  'pip.downloadingPercent': 'Downloading {{file}} {{percent}}%',
  'pip.resolving': 'Resolving {{requirement}}',
  'pip.usingCached': 'Using cached {{file}}',
  'pip.installing': 'Installing {{packages}}',
  'pip.installed': 'Installed',

  // NVIDIA driver.
  'driver.windows': 'DL Setup does not install drivers on Windows yet. Install the NVIDIA driver from nvidia.com or GeForce Experience, restart, then run DL Setup again.',
  'driver.noBranch': 'The plan names no driver branch and ubuntu-drivers is not installed (sudo apt install ubuntu-drivers-common).',
  'driver.debianNonFree':
    'Debian ships the NVIDIA driver in the "non-free" and "non-free-firmware" components, which are not enabled. Add them to /etc/apt/sources.list (e.g. "deb http://deb.debian.org/debian bookworm main contrib non-free non-free-firmware"), run sudo apt update, then resume.',
  'driver.unsupportedOs':
    'DL Setup cannot install the NVIDIA driver on {{system}} yet. Install it with your distribution\'s tools (e.g. Fedora: RPM Fusion "akmod-nvidia"; Arch: "nvidia" or "nvidia-open"), reboot, then run DL Setup again; it will skip this step.',
  'driver.older': 'Driver {{loaded}} is older than {{minimum}}.',
  'driver.wrongBranch': 'Driver {{loaded}} is loaded; the plan wants branch {{branch}}.',
  'driver.nvidiaLoaded': 'NVIDIA driver {{version}} is loaded.',
  'driver.secureBoot':
    'Secure Boot is on. The driver\'s kernel module must be signed: during the install you will be asked to choose a one-time password, and at the next boot a blue "MOK management" screen asks for it (choose "Enroll MOK", then enter it). If you skip that screen the driver will not load.',
  'driver.restartNotice': 'Installing the NVIDIA driver needs a restart afterwards; the install pauses there and continues when you run it again after the restart.',
  'driver.restartNoticeBranch':
    'Installing the NVIDIA driver {{branch}} needs a restart afterwards; the install pauses there and continues when you run it again after the restart.',
  'driver.wslMinimum':
    'Under WSL2 the Windows NVIDIA driver serves Linux too. Update it on Windows to {{version}} or newer (nvidia.com or GeForce Experience), restart Windows, then resume; nothing is installed inside WSL.',
  'driver.wslBranch':
    'Under WSL2 the Windows NVIDIA driver serves Linux too. Update it on Windows to branch {{branch}} or newer (nvidia.com or GeForce Experience), restart Windows, then resume; nothing is installed inside WSL.',
  'driver.disablingNouveau': 'Disabling the nouveau driver',
  'driver.rebuildingInitramfs': 'Rebuilding the initramfs without nouveau',
  'driver.loaded': 'Driver {{version}} is loaded.',
  'driver.restartToLoad': 'Restart the computer to load the new NVIDIA driver, then run the install again to continue.',
  'driver.noteWindows': 'update the Windows NVIDIA driver to {{version}} or newer (nothing runs inside WSL)',
  'driver.noteNouveau': 'if nouveau is loaded: write {{file}} and run update-initramfs -u',
  'driver.noteDebian': 'Ubuntu; Debian installs nvidia-driver from non-free',
  'driver.noteRestart': 'then restart; the install continues after the restart',

  // NVIDIA's CUDA repository.
  'cudaRepo.noPackagesFor': 'NVIDIA\'s CUDA repository has no packages for {{system}} that DL Setup knows of.',
  'cudaRepo.alreadySetUp': 'NVIDIA\'s CUDA repository ({{mirror}}) is already set up.',
  'cudaRepo.noChecksum':
    'DL Setup has no published sha256 for {{url}}, so it will not install it unverified. Update DL Setup, or set the checksum in the mirror settings.',
  'cudaRepo.notDownloaded': 'The keyring was not downloaded before the repository step ran.',
  'cudaRepo.installingKey': 'Installing NVIDIA\'s signing key (cuda-keyring)',
  'cudaRepo.mirrorInUse': '{{list}} now uses the mirror {{mirror}}; packages are still checked against NVIDIA\'s signing key.',
  'cudaRepo.aptUpdate': 'Reading the package lists (apt-get update)',
  'cudaRepo.notePointMirror': 'point {{list}} at {{mirror}} (backup kept)',

  // CUDA Toolkit.
  'cudaToolkit.alreadyActive': '/usr/local/cuda already points to {{dir}}.',
  'cudaToolkit.otherActive': 'CUDA Toolkit {{version}} is installed, but /usr/local/cuda points to {{target}}.',
  'cudaToolkit.noneActive': 'CUDA Toolkit {{version}} is installed, but /usr/local/cuda points to nothing.',
  'cudaToolkit.alreadyInstalled': 'CUDA Toolkit {{version}} is already installed in {{dir}}.',
  'cudaToolkit.noSource': 'No repository offers {{package}} and the plan has no verified runfile for CUDA {{version}}. Add NVIDIA\'s CUDA repository first.',
  'cudaToolkit.notDownloaded': 'The runfile was not downloaded before the toolkit step ran.',
  'cudaToolkit.installingRunfile': 'Installing CUDA {{version}} into {{dir}} (runfile)',
  'cudaToolkit.installingPackage': 'Installing {{package}}',
  'cudaToolkit.installed': 'CUDA {{version}} installed',
  'cudaToolkit.result': 'CUDA Toolkit {{version}} is in {{dir}}; other toolkits were left in place.',
  'cudaToolkit.noteRunfileFallback': 'or the verified runfile when no repository has {{package}}',
  'cudaToolkit.noteNotRegistered': 'only if not registered yet',

  // cuDNN.
  'cudnn.packageInstalled': '{{package}} {{version}} is already installed.',
  'cudnn.alreadyIn': 'cuDNN {{version}} is already in {{dir}}.',
  'cudnn.noArchiveChecksum': 'The plan\'s cuDNN archive has no URL or sha256, so it cannot be verified.',
  'cudnn.notDownloaded': 'The cuDNN archive was not downloaded before the step ran.',
  'cudnn.dirExists': '{{dir}} already exists but does not hold cuDNN {{version}}; move it away and resume.',
  'cudnn.unpacking': 'Unpacking cuDNN into {{dir}}',
  'cudnn.registering': 'Registering cuDNN with the dynamic linker',
  'cudnn.result': 'cuDNN {{version}} is in {{dir}} and registered in {{file}}.',
  'cudnn.noteDownload': 'download {{url}} and check sha256 {{sha}}…',
  'cudnn.noteLdConf': 'write {{file}} → {{dir}}/lib',

  // CUDA environment variables.
  'envVars.alreadySet': '{{file}} already sets CUDA_HOME={{cudaHome}}.',
  'envVars.envMissing': 'The Python environment {{env}} does not exist yet; its step must run before the CUDA variables are added to it.',
  'envVars.writing': 'Writing {{file}}',
  'envVars.registering': 'Registering CUDA libraries in {{file}}',
  'envVars.done': 'Environment set',
  'envVars.result': 'New shells get CUDA_HOME={{cudaHome}}; open a new terminal (or run: source {{file}}).',
  'envVars.targetEnvironment': '{{env}}/bin/activate (venv) or etc/conda/activate.d/dlsetup-cuda.sh (conda)',
  'envVars.noteBlock': 'write a marked "dlsetup cuda" block into {{target}} (backup kept)',
  'envVars.noteLdConf': 'write {{file}} ({{dirs}})',

  // Python environment.
  'pythonEnv.notWritable': 'DL Setup cannot write to {{path}}. Choose a folder you own for the Python environment.',
  'pythonEnv.diskFull': '{{path}} has {{free}} free; the Python environment needs about {{needed}}. Free some space or choose another disk.',
  'pythonEnv.pythonMissing': 'Python {{wanted}} is not installed here: {{interpreter}} made a Python {{found}} environment instead, which was removed. Install Python {{wanted}} (or uv), then resume.',
  'pythonEnv.wrongPython': '{{path}} already holds a Python {{found}} environment, but the plan needs Python {{wanted}}. Choose another folder.',
  'pythonEnv.alreadyThere': '{{path}} already has Python {{version}}.',
  'pythonEnv.notEmpty': '{{path}} exists and is not empty. Choose an empty or new folder for the Python environment.',
  'pythonEnv.condaMissing': 'This plan creates a conda environment, but conda was not found (not on PATH, not in CONDA_EXE, not in ~/miniforge3, ~/miniconda3 or ~/anaconda3). Install Miniforge, or plan with the wheels method. Nothing was changed.',
  'pythonEnv.creating': 'Creating the {{manager}} environment in {{path}}',
  'pythonEnv.ready': 'Python environment ready',
  'pythonEnv.activate': 'Activate it with: source {{path}}/bin/activate',
  'pythonEnv.noteCheckSpace': 'check that {{path}} is writable and has {{free}} free',
  'pythonEnv.noteUv': 'uv venv is used instead when uv is installed',

  // Deep-learning framework (pip).
  'framework.alreadyInstalled': '{{packages}} already installed in {{env}}.',
  'framework.toInstall': 'To install: {{packages}}',
  'framework.noEnv': 'The plan does not say which Python environment gets the framework.',
  'framework.envMissing': 'There is no Python environment at {{env}}; the Python environment step must run first.',
  'framework.installed': 'Framework installed',
  'framework.result': 'Installed {{packages}}.',
  'framework.resultDownloaded': 'Installed {{packages}} ({{megabytes}} MB downloaded).',
  'framework.noteOldPip': 'with --progress-bar off on pip < 24.1',
} as const;
